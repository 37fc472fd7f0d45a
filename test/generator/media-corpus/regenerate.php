<?php
// Differential reference for the media bodies: what PHP's own getimagesize, pathinfo, scandir, filemtime, arsort,
// preg_match_all and json_encode give for a site's media, shaped as Typemill 2.10's media endpoints answer
// (written for snapi, not taken from Typemill). Not part of `npm test` (CI has no PHP); its output,
// typemill-media.json beside this file, is what test/generator/media-corpus.test.ts compares the generator with.
//
//   rm -rf /tmp/media-site && cp -r test/fixtures/site /tmp/media-site
//   find /tmp/media-site -exec touch -h -d @1715970896 {} +     # the fixed time of test/helpers/fixture-site.ts
//   php test/generator/media-corpus/regenerate.php /tmp/media-site > test/generator/media-corpus/typemill-media.json

$site = rtrim($argv[1] ?? '', '/');
if ($site === '' || !is_dir("$site/media")) {
    fwrite(STDERR, "usage: php regenerate.php SITE_FOLDER\n");
    exit(1);
}

function names(string $folder): array {
    if (!is_dir($folder)) return [];
    // Dot files and links are not media for snapi (docs/decisions.md: Only media is media).
    return array_values(array_filter(scandir($folder), fn($name) => $name[0] !== '.' && is_file("$folder/$name") && !is_link("$folder/$name")));
}

function newestFirst(array $list): array {
    $times = array_map(fn($entry) => $entry['timestamp'], $list);
    arsort($times);
    return array_map(fn($position) => $list[$position], array_keys($times));
}

$bodies = [];
$thumbs = "$site/media/thumbs";
$live = "$site/media/live";
$files = "$site/media/files";

$images = [];
foreach (names($thumbs) as $name) {
    $images[] = ['name' => $name, 'timestamp' => filemtime("$thumbs/$name"), 'src_thumb' => "media/thumbs/$name", 'src_live' => "media/live/$name"];
}
$bodies['images'] = json_encode(['images' => newestFirst($images)]);

foreach (names($live) as $name) {
    $size = @getimagesize("$live/$name");
    $svg = !$size && pathinfo("$live/$name", PATHINFO_EXTENSION) === 'svg';
    $bodies["image:$name"] = json_encode(['image' => [
        'name' => $name, 'timestamp' => filemtime("$live/$name"), 'bytes' => filesize("$live/$name"),
        'width' => $svg ? '---' : ($size ? $size[0] : null), 'height' => $svg ? '---' : ($size ? $size[1] : null),
        'type' => $svg ? 'svg' : ($size ? $size['mime'] : null),
        'src_thumb' => "media/thumbs/$name", 'src_live' => "media/live/$name",
    ]]);
}

$list = [];
foreach (names($files) as $name) {
    if ($name === 'filerestrictions.yaml') continue;
    $info = pathinfo("$files/$name");
    // snapi shows the folder, not the server path (docs/decisions.md: Media bodies never show a server path).
    $info['dirname'] = 'media/files';
    $list[] = ['name' => $name, 'timestamp' => filemtime("$files/$name"), 'bytes' => filesize("$files/$name"), 'info' => $info, 'url' => "media/files/$name"];
}
$list = newestFirst($list);
$bodies['files'] = json_encode(['files' => $list]);
foreach ($list as $entry) $bodies['file:' . $entry['name']] = json_encode(['file' => $entry]);

$content = "$site/content";
$pages = [];
$walk = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($content, FilesystemIterator::SKIP_DOTS));
foreach ($walk as $file) {
    if (preg_match('/^(.*)\.(md|txt)$/', substr($file->getPathname(), strlen($content)), $match)) $pages[$match[1]] = true;
}
ksort($pages, SORT_STRING);
$pattern = '/media\/(live|files)\/(.+?\.[a-zA-Z]{2,4})/';
foreach (array_keys($pages) as $path) {
    $markdown = @file_get_contents("$content$path.txt");
    if ($markdown) {
        $markdown = implode('', array_map(fn($block) => $block . "\n\n", json_decode($markdown)));
    } else {
        $markdown = @file_get_contents("$content$path.md");
    }
    $meta = @file_get_contents("$content$path.yaml");
    preg_match_all($pattern, (string) $markdown, $inMarkdown);
    preg_match_all($pattern, (string) $meta, $inMeta);
    $bodies["pagemedia:$path"] = json_encode(['pagemedia' => array_merge($inMarkdown[2], $inMeta[2])]);
}

// The pattern on its own, over texts chosen for its edges (pattern-cases.json beside this file).
$patterns = [];
foreach (json_decode(file_get_contents(__DIR__ . '/pattern-cases.json')) as $text) {
    preg_match_all($pattern, $text, $found);
    $patterns[] = $found[2];
}

ksort($bodies, SORT_STRING);
echo json_encode(['php' => PHP_VERSION, 'bodies' => $bodies, 'patterns' => $patterns], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
