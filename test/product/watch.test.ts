// `watch` beside a live site folder: every saved change is published atomically (and uploaded when a bucket is
// given), a broken state keeps the previous snapshot, and a file still being written is never published.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, readlink, stat, utimes, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, formatProblem, InputsChangedError } from '../../generator/resident/choose-build.ts';
import { changedSince, stampFiles } from '../../generator/watch/stable-files.ts';
import { startWatching } from '../../generator/watch/watch-site.ts';
import { type Bound, watchChild } from '../helpers/child-bound.ts';
import { copyFixture, removeDir } from '../helpers/fixture-site.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';
import { BUCKET, startS3Server, type S3Server } from '../storage/s3-server.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CONTACT_LIVE = 'content:live:/contact';

interface WatchProcess {
  child: ChildProcess;
  events: Array<Record<string, unknown>>;
  /** Resolves with the next event of this name after the ones already seen. */
  next(event: string, bound?: Partial<Bound>): Promise<Record<string, unknown>>;
  stop(): Promise<number | null>;
}

function startWatchProcess(args: string[]): WatchProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/cli/watch.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    events.push(JSON.parse(line) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let consumed = 0;
  // While the test waits for an event the child must be working towards it: bounded by its progress (child-bound.ts).
  // Not killed past the bound: the test's `stop()` ends it and checks that it stops cleanly.
  const next = async (event: string, bound: Partial<Bound> = {}): Promise<Record<string, unknown>> => {
    const watch = watchChild(child, bound, { kill: false });
    try {
      for (;;) {
        const index = events.findIndex((line, position) => position >= consumed && line.event === event);
        if (index !== -1) {
          consumed = index + 1;
          return events[index]!;
        }
        if (watch.expired !== undefined)
          throw new Error(`no "${event}" event: watch ${watch.expired}; saw ${JSON.stringify(events.slice(consumed))}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 200);
        });
      }
    } finally {
      watch.stop();
    }
  };
  const stop = () => {
    // A watcher that does not stop on SIGTERM is killed past its bound (exit code null).
    const watch = watchChild(child);
    child.kill('SIGTERM');
    return exited.finally(() => watch.stop());
  };
  return { child, events, next, stop };
}

async function contactBody(out: string): Promise<string | undefined> {
  return (await readSnapshot(out)).bodies.get(CONTACT_LIVE);
}

const Watch = suite('snapi watch as a process');

Watch(
  'publishes the first build, then every saved change, keeps the snapshot on a broken save and recovers',
  async () => {
    const site = await copyFixture('site');
    const out = join(site, '..', 'dist');
    const watch = startWatchProcess(['--site', site, '--out', out, '--base-url', 'http://localhost']);
    try {
      assert.equal((await watch.next('watching')).site, site);
      const first = await watch.next('published');
      assert.is(first.removed, 0);

      await writeFile(join(site, 'content', '06-contact.md'), '# Contact\n\nSaved by an editor.\n');
      const edited = await watch.next('published');
      assert.equal(
        [edited.added, edited.changed, edited.removed, edited.urls, edited.files],
        // With the AI files: the page's markdown, its part and the nine views' manifests (docs/ai.md).
        [0, 16, 0, ['/contact'], 1],
      );
      assert.is(
        await contactBody(out),
        '{"content":[{"id":0,"markdown":"# Contact","html":"<h1 id=\\"h-contact\\">Contact<\\/h1>"},{"id":1,"markdown":"Saved by an editor.","html":"<p>Saved by an editor.<\\/p>"}]}',
      );

      const served = await readlink(join(out, 'current'));
      await writeFile(join(site, 'content', '06-contact.yaml'), "meta:\n  title: 'broken' text\n");
      const failed = await watch.next('build-failed');
      assert.equal(
        [failed.errorCount, failed.files, failed.note],
        [1, ['content/06-contact.yaml'], 'the previous snapshot is still served'],
      );
      assert.match(String((failed.errors as string[])[0]), /^content\/06-contact\.yaml:2: YAML: /);
      assert.is(await readlink(join(out, 'current')), served);

      await writeFile(join(site, 'content', '06-contact.yaml'), "meta:\n  title: 'Fixed'\n");
      const recovered = await watch.next('published');
      assert.equal(recovered.urls, ['/contact']);
      assert.is.not(await readlink(join(out, 'current')), served);
    } finally {
      assert.is(await watch.stop(), 0);
      assert.is(watch.events.at(-1)?.event, 'stopped');
      await removeDir(join(site, '..'));
    }
  },
);

Watch('with --publish, uploads each snapshot to the bucket after publishing it', async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  let server: S3Server | undefined;
  let watch: WatchProcess | undefined;
  try {
    server = await startS3Server('watch-publish');
    watch = startWatchProcess([
      '--site',
      site,
      '--out',
      out,
      '--publish',
      `s3://${BUCKET}/watched`,
      '--endpoint',
      server.endpoint,
    ]);
    const published = await watch.next('published');
    const uploaded = await watch.next('uploaded');
    assert.equal(
      [uploaded.snapshot, uploaded.to, uploaded.skippedObjects],
      [published.snapshot, `s3://${BUCKET}/watched`, 0],
    );
    assert.ok((uploaded.uploadedObjects as number) > 10);

    await writeFile(join(site, 'content', '06-contact.md'), '# Contact\n\nUploaded after a save.\n');
    const again = await watch.next('published');
    const second = await watch.next('uploaded');
    assert.is(second.snapshot, again.snapshot);
    assert.ok((second.skippedObjects as number) > (second.uploadedObjects as number), JSON.stringify(second));
  } finally {
    if (watch) assert.is(await watch.stop(), 0);
    await server?.remove();
    await removeDir(join(site, '..'));
  }
});

Watch('every warning the build gives is in the event line of the watch build that gave it', async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  const watch = startWatchProcess(['--site', site, '--out', out, '--base-url', 'http://localhost']);
  try {
    const first = await watch.next('published');
    assert.is(first.warnings, undefined, 'the fixture builds without warnings');
    const page = join(site, 'content', '06-contact.md');
    await writeFile(page, '---\ntitle: [not closed\n---\n# Contact\n');
    const broken = await watch.next('published');
    // What a one-off build of the same folder prints, line by line.
    const expected = (
      await buildSite({ site, out: join(site, '..', 'one-off'), baseUrl: 'http://localhost' })
    ).warnings.map(formatProblem);
    assert.equal(broken.warnings, expected);
    assert.is(expected.length, 1);
    assert.match(
      expected[0] ?? '',
      /^content\/06-contact\.md:\d+: .+; the page starts with --- but this is not YAML front matter, so it is read as markdown$/,
    );
    await appendFile(page, '\nStill broken above.\n');
    const again = await watch.next('published');
    assert.equal([again.urls, again.warnings], [['/contact'], expected]);
    await writeFile(page, '---\ntitle: Closed\n---\n# Contact\n');
    assert.is((await watch.next('published')).warnings, undefined);
  } finally {
    assert.is(await watch.stop(), 0);
    await removeDir(join(site, '..'));
  }
});

Watch('a missing site folder is one usage line', async () => {
  const run = startWatchProcess(['--site', join(ROOT, 'no-such-site')]);
  let stderr = '';
  run.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  assert.is(await new Promise((done) => run.child.once('exit', done)), 2);
  assert.is(
    stderr,
    `snapi watch: site folder "${join(ROOT, 'no-such-site')}" does not exist (give --site the folder that holds content/ and settings/)\n`,
  );
});

const Torn = suite('no torn read is published');

Torn('files that changed after they were stamped stop the publish: nothing changes in dist', async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  try {
    const page = join(site, 'content', '06-contact.md');
    const stamps = stampFiles(site, ['content/06-contact.md', 'content/gone.md']);
    assert.equal(changedSince(site, stamps), []);
    await appendFile(page, 'More text.\n');
    assert.equal(changedSince(site, stamps), ['content/06-contact.md']);
    const { mtime } = await stat(page);
    await utimes(page, mtime, new Date(mtime.getTime() + 5000));
    await writeFile(join(site, 'content', 'gone.md'), '# Now here\n');
    assert.equal(changedSince(site, stamps), ['content/06-contact.md', 'content/gone.md']);

    const failure = await buildSite({
      site,
      out,
      baseUrl: 'http://localhost',
      changedInputs: () => ['content/06-contact.md'],
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(failure instanceof InputsChangedError);
    assert.equal(
      [failure.paths, failure.message],
      [['content/06-contact.md'], 'content/06-contact.md changed while the build read it; nothing was published'],
    );
    assert.is(await readlink(join(out, 'current')).catch(() => 'none'), 'none');
  } finally {
    await removeDir(join(site, '..'));
  }
});

Torn('a page written in many small pieces is published once, whole, after the writing stops', async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  const events: Array<Record<string, unknown>> = [];
  const watching = startWatching({
    site,
    out,
    baseUrl: 'http://localhost',
    quietMs: 400,
    settleMs: 100,
    log: (event, details) => events.push({ event, ...details }),
  });
  try {
    await watching.idle();
    assert.equal(
      events.map(({ event }) => event),
      ['published'],
    );
    const page = join(site, 'content', '06-contact.md');
    await writeFile(page, '# Contact\n');
    const pieces = Array.from({ length: 30 }, (_, index) => `piece ${index} `);
    for (const piece of pieces) {
      await appendFile(page, piece);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const deadline = Date.now() + 15_000;
    while (events.filter(({ event }) => event === 'published').length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await watching.idle();
    const published = events.filter(({ event }) => event === 'published');
    assert.is(published.length, 2, JSON.stringify(events));
    assert.ok((await contactBody(out))?.includes(`${pieces.join('').trim()}`));
  } finally {
    await watching.close();
    await removeDir(join(site, '..'));
  }
});

Watch.run();
Torn.run();
