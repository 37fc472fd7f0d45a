// Writes a deterministic Typemill site of N pages for benchmarks, plus the same markdown for Eleventy and Hugo.
import bcrypt from 'bcryptjs';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROLES } from '../../contract/snapshot.ts';
import { pageMarkdown } from './page-text.ts';
import { createRandom, type Random } from './prng.ts';

export interface MakeSiteOptions {
  /** Folder to (re)create; receives `site/`, `plain/`, `hugo/` and `eleventy.config.mjs`. */
  directory: string;
  pages: number;
  seed?: number;
}

export interface BenchUser {
  username: string;
  role: string;
  password: string;
}

export interface MadeSite {
  site: string;
  /** The same markdown as plain files (folder pages as `_index.md`), the input of Eleventy and Hugo. */
  plain: string;
  /** Hugo's site folder (config and layouts); its content directory is `plain`. */
  hugo: string;
  eleventyConfig: string;
  pages: number;
  folders: number;
  drafts: number;
  modified: number;
  metaFiles: number;
  duplicateSlugs: number;
  bytes: number;
  /** A few published pages' .md files spread over the site, for editing in rebuild benchmarks. */
  samplePages: string[];
  users: BenchUser[];
}

/** Every file gets this modification time, so the site's metadata does not depend on when it was made. */
export const SITE_TIME = new Date('2024-06-01T12:00:00Z');
const BCRYPT_COST = 10;
const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SHARED_TITLES = ['Overview', 'FAQ', 'Getting Started', 'Troubleshooting'];
const TITLE_WORDS = [
  'setup',
  'routing',
  'media',
  'themes',
  'plugins',
  'users',
  'backup',
  'search',
  'editor',
  'layout',
  'forms',
  'cache',
  'security',
  'languages',
  'menus',
  'sitemap',
  'versions',
  'export',
  'import',
  'api',
  'roles',
  'drafts',
  'blocks',
  'images',
];

interface PagePlan {
  /** Path under content/ without extension: `03-guides/02-setup/07-routing-cache`. */
  path: string;
  title: string;
  kind: 'page' | 'draft' | 'modified' | 'folder' | 'home';
}

function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function pad(index: number): string {
  return String(index).padStart(2, '0');
}

function folderPages(random: Random, folder: string, count: number, plans: PagePlan[]): void {
  for (let index = 0; index < count; index++) {
    let title = titleCase(`${random.pick(TITLE_WORDS)} ${random.pick(TITLE_WORDS)} ${plans.length}`);
    // Every 60th page takes a shared title, four times in a row: duplicate slugs in different folders (folders hold ≤
    // 30 pages).
    if (plans.length % 60 === 7) title = SHARED_TITLES[Math.floor(plans.length / 240) % SHARED_TITLES.length]!;
    const roll = random.next();
    const kind = roll < 0.05 ? 'draft' : roll < 0.1 ? 'modified' : 'page';
    plans.push({ path: `${folder}/${pad(index)}-${slugOf(title)}`, title, kind });
  }
}

/** Folders 2–3 deep with 10–30 pages each, until exactly `pages` pages are planned. */
function planSite(random: Random, pages: number): PagePlan[] {
  const plans: PagePlan[] = [{ path: 'index', title: 'Benchmark Site', kind: 'home' }];
  let planned = 0;
  const addFolder = (path: string, title: string) => plans.push({ path: `${path}/index`, title, kind: 'folder' });
  for (let top = 0; planned < pages; top++) {
    const topPath = `${pad(top)}-section-${top}`;
    addFolder(topPath, `Section ${top}`);
    for (let sub = 0, subs = random.int(2, 4); sub < subs && planned < pages; sub++) {
      const folders = [`${topPath}/${pad(sub)}-chapter-${sub}`];
      if (random.chance(0.4)) folders.push(`${folders[0]}/${pad(99)}-details`);
      for (const folder of folders) {
        addFolder(folder, titleCase(folder.split('/').pop()!.slice(3).replace(/-/g, ' ')));
        const count = Math.min(random.int(10, 30), pages - planned);
        folderPages(random, folder, count, plans);
        planned += count;
      }
    }
  }
  return plans;
}

function metaYaml(random: Random, title: string): string {
  const day = `2024-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
  return [
    'meta:',
    `    title: '${title}'`,
    `    description: 'About ${title.toLowerCase()}.'`,
    `    author: 'Author ${random.int(1, 5)}'`,
    `    created: '${day}'`,
    `    modified: '${day}'`,
    `    time: '${pad(random.int(0, 23))}-${pad(random.int(0, 59))}-00'`,
    '',
  ].join('\n');
}

function bcryptSalt(random: Random): string {
  return `$2b$${BCRYPT_COST}$` + Array.from({ length: 22 }, () => random.pick([...BCRYPT_ALPHABET])).join('');
}

function userYaml(user: BenchUser, hash: string): string {
  return [
    `username: ${user.username}`,
    `email: ${user.username}@bench.example.org`,
    `userrole: ${user.role}`,
    `password: ${hash}`,
    `firstname: ${titleCase(user.role)}`,
    'lastname: Bench',
    'apiaccess: true',
    '',
  ].join('\n');
}

const HUGO_CONFIG = `baseURL = 'http://localhost/'
title = 'Benchmark Site'
contentDir = '../plain'
disableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', 'robotsTXT', '404']
[markup.goldmark.renderer]
  unsafe = true
`;
const HUGO_LAYOUT = '<!doctype html><title>{{ .Title }}</title>{{ .Content }}\n';
// Eleventy skips git-ignored input (test/.tmp is ignored) unless told not to; markdown is not run through Liquid.
const ELEVENTY_CONFIG =
  'export default function (config) {\n  config.setUseGitIgnore(false);\n  return { markdownTemplateEngine: false, htmlTemplateEngine: false };\n}\n';

/** One user per role; the same for every site, so a snapshot built before can be benchmarked again without the site. */
export function benchUsers(): BenchUser[] {
  return ROLES.map((role) => ({ username: `${role}1`, role, password: `bench-${role}-pass` }));
}

export function makeSite(options: MakeSiteOptions): MadeSite {
  const random = createRandom(options.seed ?? 4);
  const root = options.directory;
  rmSync(root, { recursive: true, force: true });
  const made: MadeSite = {
    site: join(root, 'site'),
    plain: join(root, 'plain'),
    hugo: join(root, 'hugo'),
    eleventyConfig: join(root, 'eleventy.config.mjs'),
    pages: 0,
    folders: 0,
    drafts: 0,
    modified: 0,
    metaFiles: 0,
    duplicateSlugs: 0,
    bytes: 0,
    samplePages: [],
    users: [],
  };
  const written: string[] = [];
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    written.push(path);
  };
  const plans = planSite(random, options.pages);
  const links = plans
    .filter((plan) => plan.kind === 'page')
    .slice(0, 200)
    .map((plan) => `/${plan.path.replace(/(^|\/)\d\d-/g, '$1')}`);
  const slugCounts = new Map<string, number>();
  for (const plan of plans) {
    const markdown = pageMarkdown(random, plan.title, random.int(2 * 1024, 18 * 1024), links);
    const content = join(made.site, 'content', plan.path);
    const isIndex = plan.kind === 'folder' || plan.kind === 'home';
    const blocks = markdown.trimEnd().split('\n\n');
    if (plan.kind === 'draft') write(`${content}.txt`, JSON.stringify(blocks));
    else write(`${content}.md`, markdown);
    if (plan.kind === 'modified')
      write(`${content}.txt`, JSON.stringify([blocks[0], `Draft change: ${blocks[1] ?? ''}`, ...blocks.slice(2)]));
    if (isIndex || random.chance(0.85)) {
      write(`${content}.yaml`, metaYaml(random, plan.title));
      made.metaFiles++;
    }
    write(join(made.plain, isIndex ? plan.path.replace(/index$/, '_index') : plan.path) + '.md', markdown);
    made.bytes += Buffer.byteLength(markdown);
    if (plan.kind === 'folder') made.folders++;
    if (isIndex) continue;
    made.pages++;
    if (plan.kind === 'draft') made.drafts++;
    if (plan.kind === 'modified') made.modified++;
    if (plan.kind === 'page' && made.pages % 97 === 1) made.samplePages.push(`${content}.md`);
    const slug = plan.path.split('/').pop()!.slice(3);
    slugCounts.set(slug, (slugCounts.get(slug) ?? 0) + 1);
  }
  made.duplicateSlugs = [...slugCounts.values()].filter((count) => count > 1).length;
  write(
    join(made.site, 'settings', 'settings.yaml'),
    "title: 'Benchmark Site'\nauthor: 'Bench Author'\nlangattr: en\neditor: visual\n",
  );
  for (const user of benchUsers()) {
    write(
      join(made.site, 'settings', 'users', `${user.username}.yaml`),
      userYaml(user, bcrypt.hashSync(user.password, bcryptSalt(random)).replace(/^\$2b\$/, '$2y$')),
    );
    made.users.push(user);
  }
  write(join(made.hugo, 'hugo.toml'), HUGO_CONFIG);
  for (const layout of ['single', 'list']) write(join(made.hugo, 'layouts', '_default', `${layout}.html`), HUGO_LAYOUT);
  write(join(made.hugo, 'layouts', 'index.html'), HUGO_LAYOUT);
  write(made.eleventyConfig, ELEVENTY_CONFIG);
  for (const path of written) utimesSync(path, SITE_TIME, SITE_TIME);
  return made;
}
