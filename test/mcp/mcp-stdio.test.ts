// MCP over stdio (`snapi mcp`): the shared behaviours with the SDK client, and refusal of bad credentials at start.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { watchChild } from '../helpers/child-bound.ts';
import { addedEntry, newToken } from '../../generator/plan/token-changes.ts';
import { TOKEN_FILE, writeTokenFile } from '../../generator/plan/token-file.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { copySampleSite, SAMPLE_USERS } from '../search/sample-dist.ts';
import { stdioClient } from './mcp-client.ts';
import { defineMcpSpec } from './mcp-spec.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
let site = '';
let dist = '';

const MEMBER_TOKEN = newToken(randomBytes);

async function build(): Promise<void> {
  const outcome = await buildSite({ site, out: dist, baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
}

/** Starts the stdio server with these variables and collects its exit code and stderr. */
function runStdio(environment: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolveRun, failRun) => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'gateway', 'build', 'mcp.mjs'), '--dist', dist], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', ...environment },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Standard input stays open, as a client keeps it: a server that starts instead of refusing waits on it.
    const watch = watchChild(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      watch.progressed();
    });
    child.on('close', (code) => {
      watch.stop();
      if (watch.expired === undefined) resolveRun({ code, stderr });
      else failRun(new Error(`the stdio server did not exit: it ${watch.expired}; stderr: ${stderr}`));
    });
  });
}

const stdio = suite('MCP over stdio');
stdio.before(async () => {
  site = await copySampleSite('mcp-stdio');
  const entry = addedEntry('assistant', 'member', MEMBER_TOKEN, new Date(), new Date(Date.now() + 3_600_000));
  await writeFile(join(site, TOKEN_FILE), writeTokenFile([entry]));
  dist = await temporaryDir('mcp-stdio-dist');
  await build();
});
stdio.after(async () => {
  await removeDir(join(site, '..'));
  await removeDir(dist);
});

stdio('refuses to start without credentials, with wrong ones, or one role below author, saying why', async () => {
  const cases: Array<[Record<string, string>, string]> = [
    [
      {},
      'snapi mcp: set SNAPI_TOKEN to an API token, or SNAPI_USER and SNAPI_PASSWORD to the credentials of an API user (role author or above)\n',
    ],
    [{ SNAPI_TOKEN: `snapi_${'0'.repeat(43)}` }, 'snapi mcp: Authentication failed. Check SNAPI_TOKEN.\n'],
    // A member's token authenticates (the role is the token's) and is one role short, even beside a right password.
    [
      { SNAPI_TOKEN: MEMBER_TOKEN, SNAPI_USER: 'author1', SNAPI_PASSWORD: SAMPLE_USERS.author.password },
      'snapi mcp: Permission denied. Your are an member and you cannot read this content\n',
    ],
    [
      { SNAPI_USER: 'author1', SNAPI_PASSWORD: 'wrong' },
      'snapi mcp: Authentication failed. Check SNAPI_USER and SNAPI_PASSWORD.\n',
    ],
    [
      { SNAPI_USER: 'nobody', SNAPI_PASSWORD: 'wrong' },
      'snapi mcp: Authentication failed. Check SNAPI_USER and SNAPI_PASSWORD.\n',
    ],
    [
      { SNAPI_USER: 'member1', SNAPI_PASSWORD: SAMPLE_USERS.member.password },
      'snapi mcp: Permission denied. Your are an member and you cannot read this content\n',
    ],
    // The role just below the minimum (author, which every shared test connects as).
    [
      { SNAPI_USER: 'contributor1', SNAPI_PASSWORD: SAMPLE_USERS.contributor.password },
      'snapi mcp: Permission denied. Your are an contributor and you cannot read this content\n',
    ],
  ];
  for (const [environment, message] of cases) {
    const { code, stderr } = await runStdio(environment);
    assert.equal([code, stderr], [1, message], JSON.stringify(environment));
  }
});

defineMcpSpec(stdio, () => ({
  site,
  connect: (user) => stdioClient(dist, user),
  // The server notices the new snapshot itself (file watch, or the 200 ms poll the test client asks for).
  rebuild: build,
}));

stdio.run();
