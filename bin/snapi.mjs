#!/usr/bin/env node
// `snapi <command>`: every program of snapi behind one command on the PATH. Each subcommand runs the same entry file
// as its npm script, in this process: the bundles `npm run bundle` made (dev's TypeScript through tsx).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

/** Subcommand → its entry file (relative to the package root) and one line for `snapi --help`. */
const COMMANDS = {
  init: {
    entry: 'generator/build/init.mjs',
    summary: 'write a new Typemill site folder: a home page, a page, settings',
  },
  build: { entry: 'generator/build/build.mjs', summary: 'build a snapshot of a Typemill site folder into dist/' },
  check: {
    entry: 'generator/build/check.mjs',
    summary: "check a site folder with the build's rules, publishing nothing",
  },
  serve: { entry: 'gateway/build/serve.mjs', summary: 'serve a snapshot (or follow one in object storage) over HTTP' },
  dev: { entry: 'commands/dev.ts', summary: 'build, serve and rebuild on every change of a site folder' },
  watch: {
    entry: 'generator/build/watch.mjs',
    summary: 'beside a live site folder: build and publish every saved change',
  },
  publish: { entry: 'generator/build/publish.mjs', summary: 'upload a snapshot to S3-compatible object storage' },
  mcp: { entry: 'gateway/build/mcp.mjs', summary: 'the MCP server on stdio for a desktop assistant' },
  user: { entry: 'generator/build/user.mjs', summary: 'add a user, change a password, list users (settings/users/)' },
  token: { entry: 'generator/build/token.mjs', summary: 'read-only API tokens: add, list, revoke, rotate' },
  webhook: {
    entry: 'gateway/build/webhook.mjs',
    summary: "send a webhook receiver a signed ping, as serve's events are signed",
  },
  rollback: {
    entry: 'generator/build/rollback.mjs',
    summary: 'serve the snapshot kept before the current one again, as a new snapshot',
  },
};

const HELP = `snapi ${version}: serves a Typemill documentation site's read API from a precomputed snapshot.

usage: snapi <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(10)}${command.summary}`)
  .join('\n')}

Run snapi <command> --help for a command's options, defaults and an example.
  snapi --version   print the version

example: snapi build --site ./my-site --out ./dist && snapi serve --dist ./dist`;

const [name, ...rest] = process.argv.slice(2);
if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
  console.log(HELP);
  process.exit(name === undefined ? 2 : 0);
}
if (name === '--version' || name === '-v') {
  console.log(version);
  process.exit(0);
}
const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
if (command === undefined) {
  console.error(
    `snapi: unknown command "${name}" (run snapi --help for the list: ${Object.keys(COMMANDS).join(', ')})`,
  );
  process.exit(2);
}
const entry = fileURLToPath(new URL(command.entry, root));
// The entry reads its options from process.argv.slice(2), as when npm runs it.
process.argv = [process.argv[0], entry, ...rest];
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(new URL(command.entry, root).href);
