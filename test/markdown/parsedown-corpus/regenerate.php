<?php
// Renders every case of cases.txt with the real Parsedown + ParsedownExtra + Typemill ParsedownExtension and writes cases.json.
// Usage: php regenerate.php <reference-dir> [--stdin]   (or REFERENCE_DIR=…)  — see docs/markdown-fidelity.md.
// <reference-dir> holds parsedown/ (1.8.0-beta-7), parsedown-extra/ (cd57cf1), typemill/ (2.10.0) and urlify/ (1.1.3).

namespace Typemill\Events {
    // Stands in for Typemill's event: no plugin answers, so getData() gives back the shortcode array.
    class OnShortcodeFound
    {
        private $data;
        public function __construct($data) { $this->data = $data; }
        public function getData() { return $this->data; }
        public function setData($data) { $this->data = $data; }
    }
}

namespace Symfony\Component\EventDispatcher {
    interface EventSubscriberInterface
    {
        public static function getSubscribedEvents();
    }
}

namespace {
    // Typemill's dispatcher as far as shortcodes go: only the built-in MediaExtension (video) listens.
    class ShortcodeDispatcher
    {
        private $media;
        public function __construct($media) { $this->media = $media; }
        public function dispatch($event, $name)
        {
            $this->media->onShortcodeFound($event);
            return $event;
        }
    }

    $referenceDir = array_values(array_filter(array_slice($argv, 1), fn($arg) => $arg !== '--stdin'))[0] ?? getenv('REFERENCE_DIR');
    if (!$referenceDir || !is_dir($referenceDir)) {
        fwrite(STDERR, "usage: php regenerate.php <reference-dir> (holding parsedown/, parsedown-extra/, typemill/, urlify/)\n");
        exit(2);
    }
    require $referenceDir . '/urlify/URLify.php';
    require $referenceDir . '/parsedown/Parsedown.php';
    require $referenceDir . '/parsedown-extra/ParsedownExtra.php';
    require $referenceDir . '/typemill/system/typemill/Static/Slug.php';
    require $referenceDir . '/typemill/system/typemill/Extensions/ParsedownExtension.php';
    require $referenceDir . '/typemill/system/typemill/Extensions/MediaExtension.php';

    // The site root of test/markdown/render-helpers.ts: the files the video shortcode may find.
    $siteRoot = sys_get_temp_dir() . '/snapi-corpus-site';
    foreach (['media/files/intro.mp4', 'media/files/intro.mkv', 'media/live/poster.png'] as $file) {
        @mkdir(dirname("$siteRoot/$file"), 0777, true);
        touch("$siteRoot/$file");
    }

    $defaultSettings = ['langattr' => 'en', 'headlineanchors' => false, 'urlschemes' => ''];
    $baseUrl = 'http://localhost/typemill';

    /** Typemill's content path: split the page as markdownToArrayBlocks does (unless the blocks are given, as from a
     *  .txt draft), then render each block with the same ParsedownExtension, so headlines and footnote numbers carry over. */
    $renderPage = function (?string $markdown, array $blocks = [], array $settings = []) use ($baseUrl, $defaultSettings, $siteRoot): array {
        $settings = array_merge($defaultSettings, $settings);
        $parsedown = new \Typemill\Extensions\ParsedownExtension($baseUrl, $settings, new ShortcodeDispatcher(new \Typemill\Extensions\MediaExtension($siteRoot, $baseUrl)));
        if ($markdown !== null) $blocks = $parsedown->markdownToArrayBlocks($markdown);
        $parsedown->setSafeMode(true);
        $rendered = [];
        foreach ($blocks as $block) {
            $rendered[] = ['markdown' => $block, 'html' => $parsedown->markup($parsedown->text($block))];
        }
        return $rendered;
    };

    // --stdin: a JSON array of pages in, a JSON array of their blocks out (for differential-fuzz.ts).
    if (in_array('--stdin', $argv, true)) {
        $pages = json_decode(stream_get_contents(STDIN), true);
        echo json_encode(array_map(fn($page) => $renderPage($page), $pages), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
        exit(0);
    }

    $cases = parseCases(file_get_contents(__DIR__ . '/cases.txt'));
    $out = [];
    foreach ($cases as $case) {
        $blocks = $renderPage($case['source'] === 'md' ? $case['markdown'] : null, $case['blocks'], $case['settings']);
        $settings = ['headlineAnchors' => $case['settings']['headlineanchors'] ?? false, 'urlSchemes' => $case['schemes']];
        $out[] = ['id' => $case['id'], 'title' => $case['title'], 'source' => $case['source'], 'settings' => $settings, 'markdown' => $case['markdown'], 'blocks' => $blocks];
    }
    $json = json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    file_put_contents(__DIR__ . '/cases.json', $json . "\n");
    fwrite(STDOUT, count($out) . " cases written to cases.json\n");

    /** cases.txt: a line `=== <id> <title>` opens a case; the lines up to the next `===` line are its markdown, outer
     *  newlines trimmed. Flags at the end of the line: `[txt]` a draft whose blocks are separated by lines `+++`,
     *  `[anchors]` settings.headlineanchors true, `[schemes=a:,b:]` settings.urlschemes. */
    function parseCases(string $text): array
    {
        $cases = [];
        $current = null;
        foreach (explode("\n", $text) as $line) {
            if (preg_match('/^=== (\S+) ?(.*?)((?: ?\[(?:txt|anchors|schemes=[^\]]*)\])*)$/', $line, $m)) {
                if ($current !== null) $cases[] = finishCase($current);
                preg_match_all('/\[([^\]=]+)(?:=([^\]]*))?\]/', $m[3], $flags, PREG_SET_ORDER);
                $current = ['id' => $m[1], 'source' => 'md', 'title' => $m[2], 'lines' => [], 'settings' => [], 'schemes' => []];
                foreach ($flags as $flag) {
                    if ($flag[1] === 'txt') $current['source'] = 'txt';
                    elseif ($flag[1] === 'anchors') $current['settings']['headlineanchors'] = true;
                    elseif ($flag[1] === 'schemes') {
                        $current['settings']['urlschemes'] = $flag[2];
                        $current['schemes'] = explode(',', $flag[2]);
                    } else { fwrite(STDERR, "unknown flag [{$flag[1]}] in case {$m[1]}\n"); exit(1); }
                }
            } elseif ($current !== null) {
                $current['lines'][] = $line;
            }
        }
        if ($current !== null) $cases[] = finishCase($current);
        $ids = array_column($cases, 'id');
        if (count($ids) !== count(array_unique($ids))) { fwrite(STDERR, "duplicate case ids\n"); exit(1); }
        return $cases;
    }

    function finishCase(array $case): array
    {
        $markdown = trim(implode("\n", $case['lines']), "\n");
        $blocks = $case['source'] === 'txt' ? array_map(fn($b) => trim($b, "\n"), explode("\n+++\n", $markdown)) : [];
        return ['id' => $case['id'], 'title' => $case['title'], 'source' => $case['source'], 'markdown' => $markdown, 'blocks' => $blocks,
            'settings' => $case['settings'], 'schemes' => $case['schemes']];
    }
}
