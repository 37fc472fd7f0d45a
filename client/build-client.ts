// Builds the installable client package's files (client/lib/): the JavaScript as ES module and CommonJS, and the
// declarations for each, from client.ts and generated/api.ts. `npm run generate:client` runs it; the files are
// committed, so installing the package (a folder or its packed tarball) builds nothing.
import { build } from 'esbuild';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const CLIENT_DIR = fileURLToPath(new URL('./', import.meta.url));
export const LIB_DIR = fileURLToPath(new URL('./lib/', import.meta.url));
const ENTRY = `${CLIENT_DIR}client.ts`;
const BANNER = '// Built by client/build-client.ts from client/client.ts; do not edit (npm run generate:client).';

/** Each module format: the extensions its JavaScript and declaration files carry. */
const FORMATS = [
  { format: 'esm', js: 'mjs', declarations: 'd.mts' },
  { format: 'cjs', js: 'cjs', declarations: 'd.cts' },
] as const;

async function bundle(format: 'esm' | 'cjs'): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'neutral',
    format,
    target: 'es2022',
    write: false,
    logLevel: 'warning',
    legalComments: 'none',
    banner: { js: BANNER },
  });
  return result.outputFiles[0]!.text;
}

/** The declarations of client.ts and generated/api.ts, keyed by their path below client/, as tsc writes them. */
function declarations(): Map<string, string> {
  const written = new Map<string, string>();
  const options: ts.CompilerOptions = {
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    types: [],
    rootDir: CLIENT_DIR,
    outDir: LIB_DIR,
  };
  const program = ts.createProgram([ENTRY], options);
  const emitted = program.emit(undefined, (path, text) => written.set(path.slice(LIB_DIR.length), text));
  const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, ts.createCompilerHost(options)));
  return written;
}

/** A declaration file's name in lib/ (`generated/api.d.ts` → `api`), and its imports of other sources made the names
 *  of the same format's files: `./api.mjs` resolves to api.d.mts (and `.cjs` to .d.cts). */
const libName = (path: string) => path.replace(/^generated\//, '').replace(/\.d\.ts$/, '');
const libImports = (text: string, js: string) =>
  text.replace(/'\.\.?\/(?:generated\/)?([\w-]+)\.ts'/g, (_, name: string) => `'./${name}.${js}'`);

/** Every file of client/lib/: name → text. Pure of the disk but for reading the sources. */
export async function buildClientFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const typed = declarations();
  if (!typed.has('client.d.ts') || !typed.has('generated/api.d.ts'))
    throw new Error(`tsc wrote ${[...typed.keys()].join(', ')}`);
  for (const { format, js, declarations: extension } of FORMATS) {
    files.set(`client.${js}`, await bundle(format));
    for (const [path, text] of typed) files.set(`${libName(path)}.${extension}`, `${BANNER}\n${libImports(text, js)}`);
  }
  return files;
}

export async function writeClientLib(): Promise<string[]> {
  const files = await buildClientFiles();
  await mkdir(LIB_DIR, { recursive: true });
  for (const name of await readdir(LIB_DIR)) if (!files.has(name)) await rm(`${LIB_DIR}${name}`);
  for (const [name, text] of files) await writeFile(`${LIB_DIR}${name}`, text);
  return [...files.keys()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = await writeClientLib();
  console.log(`wrote ${names.map((name) => `client/lib/${name}`).join(', ')}`);
}
