// The stdio server started exactly as docs/mcp.md tells an assistant to (its `mcpServers` block, with the checkout
// and a built dist in place of the placeholders), from a folder outside the checkout: the SDK's own client completes
// `initialize` and lists the tools, and nothing but protocol messages ever arrives on stdout.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { removeDir } from '../helpers/fixture-site.ts';
import { ROOT } from '../helpers/run-process.ts';
import { buildSampleDist } from '../search/sample-dist.ts';

interface StdioEntry {
  command: string;
  args?: string[];
  env?: Record<string, string>;
}

/** Every `mcpServers` entry with a command (stdio) in the json blocks of a markdown text. */
export function stdioEntries(markdown: string): StdioEntry[] {
  const blocks = [...markdown.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map(([, body]) => body!);
  return blocks.flatMap((body) => {
    const parsed = JSON.parse(body) as { mcpServers?: Record<string, Partial<StdioEntry>> };
    return Object.values(parsed.mcpServers ?? {}).filter((entry): entry is StdioEntry => entry.command !== undefined);
  });
}

const Docs = suite('docs/mcp.md: the desktop assistant configuration');
let dist = '';
let elsewhere = '';
Docs.before(async () => {
  dist = await buildSampleDist('mcp-docs-dist');
  elsewhere = await mkdtemp(join(tmpdir(), 'snapi-assistant-'));
});
Docs.after(async () => {
  await removeDir(dist);
  await removeDir(elsewhere);
});

Docs('starts as written, completes initialize with the SDK client and writes only protocol to stdout', async () => {
  const entries = stdioEntries(await readFile(join(ROOT, 'docs', 'mcp.md'), 'utf8'));
  assert.ok(entries.length > 0, 'docs/mcp.md shows an mcpServers entry with a command');
  for (const entry of entries) {
    const place = (text: string) => text.replaceAll('/path/to/snapi/dist', dist).replaceAll('/path/to/snapi', ROOT);
    const args = (entry.args ?? []).map(place);
    assert.not.ok(
      [entry.command, ...args].some((text) => text.includes('/path/to/')),
      `${args} keeps a placeholder`,
    );
    const transport = new StdioClientTransport({
      command: place(entry.command),
      args,
      cwd: elsewhere,
      env: { PATH: process.env.PATH ?? '', ...entry.env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'docs-assistant', version: '1.0.0' });
    // A line on stdout that is not a protocol message reaches the client as an error (npm's banner would).
    const errors: string[] = [];
    client.onerror = (error) => errors.push(error.message);
    const timer = setTimeout(() => void transport.close(), 30_000);
    try {
      await client.connect(transport);
      assert.is(client.getServerVersion()?.name, 'snapi', stderr);
      const { tools } = await client.listTools();
      assert.equal(tools.map(({ name }) => name).sort(), [
        'get_changes',
        'get_navigation',
        'get_page',
        'get_page_metadata',
        'list_media',
        'search_pages',
      ]);
      assert.equal(errors, [], `${entry.command} ${args.join(' ')} wrote more than the protocol to stdout`);
    } finally {
      clearTimeout(timer);
      await client.close();
    }
  }
});

Docs.run();
