// Where the platform's file watcher loses track, the site watcher still reports every save: the periodic stamp check
// finds what no event reported, a failing watch is replaced by a rescan, a watch limit falls back to the stamp check,
// and `--poll` uses the stamp check alone. Each reports why in the burst (and `watch` in its event line).
import { EventEmitter } from 'node:events';
import type { FSWatcher } from 'node:fs';
import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { WatchFunction } from '../../../generator/watch/folder-watches.ts';
import { watchSite, type Burst } from '../../../generator/watch/site-watcher.ts';
import { checkStamps, stampTree } from '../../../generator/watch/tree-stamps.ts';
import { startWatching } from '../../../generator/watch/watch-site.ts';
import { copyFixture, removeDir } from '../../helpers/fixture-site.ts';

const CONTACT = 'content/06-contact.md';
const MISSED = 'the consistency check found saves the file watcher did not report';

/** A platform watch that arms fine and never reports anything, as one following a replaced inode. */
function deafWatch(armed: EventEmitter[] = []): WatchFunction {
  return () => {
    const watcher = Object.assign(new EventEmitter(), { close: () => undefined });
    armed.push(watcher);
    return watcher as unknown as FSWatcher;
  };
}

/** Collects bursts; `next()` waits (bounded) for the next one. */
function bursts() {
  const seen: Burst[] = [];
  let consumed = 0;
  return {
    onBurst: (burst: Burst) => void seen.push(burst),
    next: async (what: string, timeoutMs = 10_000): Promise<Burst> => {
      const deadline = Date.now() + timeoutMs;
      while (seen.length <= consumed) {
        if (Date.now() > deadline) throw new Error(`no burst for ${what} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return seen[consumed++]!;
    },
    seen,
  };
}

const Stamps = suite('stamps of the watched tree');

Stamps(
  'the check finds an in-place write, a rename-over, a new file, a removed folder and a replaced folder',
  async () => {
    const site = await copyFixture('site');
    try {
      const known = stampTree(site, ['content']);
      assert.equal(await checkStamps(site, known, ['content']), []);
      await appendFile(join(site, CONTACT), 'more\n');
      await writeFile(join(site, 'content', 'tmp'), '# Replaced\n');
      await rename(join(site, 'content', 'tmp'), join(site, 'content', 'index.md'));
      await writeFile(join(site, 'content', '09-new.md'), '# New\n');
      await rename(join(site, 'content', '05-no-index'), join(site, 'content', '05-renamed'));
      assert.equal(await checkStamps(site, known, ['content']), [
        'content/05-no-index/00-faq.md',
        'content/05-no-index/00-faq.yaml',
        'content/05-renamed/00-faq.md',
        'content/05-renamed/00-faq.yaml',
        'content/06-contact.md',
        'content/09-new.md',
        'content/index.md',
      ]);
      assert.equal(await checkStamps(site, known, ['content']), []);
    } finally {
      await removeDir(join(site, '..'));
    }
  },
);

const Quiet = suite('bursts');

Quiet(
  'a file written in many pieces over longer than the quiet time is one burst, after the writing stops',
  async () => {
    const site = await copyFixture('site');
    const seen = bursts();
    const watcher = watchSite(site, { quietMs: 300, checkMs: 60_000 }, seen.onBurst);
    try {
      for (let piece = 0; piece < 40; piece++) {
        await appendFile(join(site, CONTACT), `piece ${piece}\n`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(await seen.next('the writing'), { paths: [CONTACT] });
      // Long enough for every timer a burst could have started to have fired.
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(seen.seen, [{ paths: [CONTACT] }]);
    } finally {
      watcher.close();
      await removeDir(join(site, '..'));
    }
  },
);

const Lost = suite('a watcher that loses track');

Lost('the periodic check reports a save no event reported, and says so', async () => {
  const site = await copyFixture('site');
  const seen = bursts();
  const watcher = watchSite(site, { quietMs: 20, checkMs: 100, watch: deafWatch() }, seen.onBurst);
  try {
    await appendFile(join(site, CONTACT), 'unreported\n');
    assert.equal(await seen.next('the check'), { paths: [CONTACT], rescan: MISSED });
  } finally {
    watcher.close();
    await removeDir(join(site, '..'));
  }
});

Lost('an error event drops every watch and rescans: the saves it missed are reported with the reason', async () => {
  const site = await copyFixture('site');
  const armed: EventEmitter[] = [];
  const seen = bursts();
  const watcher = watchSite(site, { quietMs: 20, checkMs: 60_000, watch: deafWatch(armed) }, seen.onBurst);
  try {
    const first = armed.length;
    await appendFile(join(site, CONTACT), 'missed\n');
    await mkdir(join(site, 'media', 'new'), { recursive: true });
    armed[1]!.emit('error', Object.assign(new Error('watch failed'), { code: 'EIO' }));
    const burst = await seen.next('the rescan');
    assert.equal(burst, { paths: [CONTACT], rescan: 'the file watcher of content failed: EIO' });
    assert.is(armed.length, first * 2 + 1, 'every folder is watched again, the new one too');
  } finally {
    watcher.close();
    await removeDir(join(site, '..'));
  }
});

Lost('a watch limit (ENOSPC) falls back to the stamp check and says so', async () => {
  const site = await copyFixture('site');
  const seen = bursts();
  const limit: WatchFunction = () => {
    throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
  };
  const watcher = watchSite(site, { quietMs: 20, checkMs: 100, watch: limit }, seen.onBurst);
  try {
    assert.equal(await seen.next('the fallback'), {
      paths: [],
      rescan:
        "cannot watch the site folder: the system's limit of file watches is reached (ENOSPC; raise fs.inotify.max_user_watches); checking stamps every 0.1 s instead",
    });
    await appendFile(join(site, CONTACT), 'polled\n');
    assert.equal(await seen.next('the stamp check'), { paths: [CONTACT] });
  } finally {
    watcher.close();
    await removeDir(join(site, '..'));
  }
});

Lost('--poll never arms a platform watch and reports saves from the stamps alone', async () => {
  const site = await copyFixture('site');
  const seen = bursts();
  const never: WatchFunction = () => {
    throw new Error('--poll must not watch');
  };
  const watcher = watchSite(site, { quietMs: 20, pollMs: 100, watch: never }, seen.onBurst);
  try {
    await writeFile(join(site, 'content', 'tmp'), '# Contact\n\nPolled.\n');
    await rename(join(site, 'content', 'tmp'), join(site, CONTACT));
    assert.equal(await seen.next('the poll'), { paths: [CONTACT] });
  } finally {
    watcher.close();
    await removeDir(join(site, '..'));
  }
});

Lost("watch's event line names the rescan of the build it caused", async () => {
  const site = await copyFixture('site');
  const events: Array<Record<string, unknown>> = [];
  const watching = startWatching({
    site,
    out: join(site, '..', 'dist'),
    baseUrl: 'http://localhost',
    checkMs: 100,
    watch: deafWatch(),
    log: (event, details) => events.push({ event, ...details }),
  });
  try {
    assert.ok(await watching.first);
    await appendFile(join(site, CONTACT), '\nUnreported save.\n');
    const deadline = Date.now() + 10_000;
    while (events.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await watching.idle();
    const { event, urls, files, rescan } = events[1] ?? {};
    assert.equal({ event, urls, files, rescan }, { event: 'published', urls: ['/contact'], files: 1, rescan: MISSED });
  } finally {
    await watching.close();
    await removeDir(join(site, '..'));
  }
});

Stamps.run();
Quiet.run();
Lost.run();
