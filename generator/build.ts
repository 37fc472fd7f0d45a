// The pure core: a site's sources in, every response body of the API out (no file system access).
import { ROLES, type SlugPart } from '../contract/snapshot.ts';
import { KEYS, keyOf } from '../contract/endpoints.ts';
import {
  renderContent,
  type ContentJob,
  type ContentSettings,
  type RenderedContent,
  type StoredContent,
} from './render/content-bodies.ts';
import { encodePhpJson } from './php/php-json.ts';
import { pageSourcesOf } from './render/page-files.ts';
import { walkItems } from './plan/tree/build-items.ts';
import type { Item } from './plan/tree/item.ts';
import { itemJsonEncoder, type ItemJson } from './plan/tree/item-json.ts';
import { accessSettingProblems } from './plan/access-settings.ts';
import { duplicateUrlWarnings } from './plan/duplicate-urls.ts';
import { BUILT_IN_TABS, FALLBACK_THEME_TABS, fieldsFor, mergeTabs, parseMetatabs } from './plan/meta-definitions.ts';
import type { MetaItem } from './plan/meta-values.ts';
import { mainNavigation, pluginSystemEntries, systemNavigation } from './plan/navigation-menus.ts';
import { joinedBlocks, parseSources, type ParseMemo, type ParsedSources } from './plan/parse-sources.ts';
import { activePlugins, listSetting, settingsBody } from './plan/settings.ts';
import { buildSiteModel, restrictionOf, storedMeta, type SiteModel } from './plan/site-model.ts';
import { namesByEmail, namesByRole, readUsers } from './plan/users.ts';
import { snapshotTokensOf, tokenFileOf } from './plan/token-file.ts';
import type { SnapshotToken } from '../contract/api-token.ts';
import type { BuildProblem, BuildResult, BuiltResponse, SiteSource, SourceFile, StoredResponse } from './types.ts';
import { isRecord } from './load/yaml.ts';
import { pageAnswers, type MetaTabs } from './page-answers.ts';
import { planMedia, type MediaPlan, type PageTexts } from './media/media-bodies.ts';
import type { PageFileText } from './plan/page-file.ts';

const CONTENT = 'content';

function pluginYaml(sources: ParsedSources, name: string): Record<string, unknown> {
  const yaml = sources.yaml.get(`plugins/${name}/${name}.yaml`);
  return isRecord(yaml) ? yaml : {};
}

/** The meta fields of pages and of folders: the built-in tabs, the active plugins' and the theme's. */
export function metaTabs(model: SiteModel, sources: ParsedSources): MetaTabs {
  let tabs = BUILT_IN_TABS;
  for (const plugin of activePlugins(model.settings))
    tabs = mergeTabs(tabs, parseMetatabs(pluginYaml(sources, plugin).metatabs));
  const theme = sources.yaml.get(`themes/${String(model.settings.theme)}/${String(model.settings.theme)}.yaml`);
  tabs = mergeTabs(tabs, isRecord(theme) ? parseMetatabs(theme.metatabs) : FALLBACK_THEME_TABS);
  const pageaccess = model.settings.pageaccess !== undefined && model.settings.pageaccess !== null;
  return {
    page: fieldsFor(tabs, { pageaccess, folder: false }),
    folder: fieldsFor(tabs, { pageaccess, folder: true }),
  };
}

function contentSettings(source: SiteSource, model: SiteModel): ContentSettings {
  return {
    baseUrl: source.baseUrl,
    langattr: model.langattr,
    headlineAnchors: model.settings.headlineanchors === true,
    urlSchemes: listSetting(model.settings.urlschemes),
  };
}

export interface PageEntry {
  url: string;
  item: Item | undefined;
  pathWithoutType: string;
  path: string;
}

function pageEntries(model: SiteModel): PageEntry[] {
  return [
    { url: '/', item: undefined, pathWithoutType: '/index', path: '/index.md' },
    ...[...model.byUrl].map(([url, item]) => ({ url, item, pathWithoutType: item.pathWithoutType, path: item.path })),
  ];
}

export function contentJob(sources: ParsedSources, page: PageEntry): ContentJob {
  const markdown = sources.markdown.get(`${CONTENT}${page.pathWithoutType}.md`);
  const draft = sources.drafts.get(`${CONTENT}${page.pathWithoutType}.txt`);
  const onDisk = {
    ...(typeof markdown === 'object' ? { markdown } : {}),
    ...(draft !== undefined && !Array.isArray(draft) ? { draft } : {}),
  };
  return {
    page: page.pathWithoutType,
    markdown: typeof markdown === 'string' ? markdown : undefined,
    draftBlocks: Array.isArray(draft) ? draft : undefined,
    ...(onDisk.markdown !== undefined || onDisk.draft !== undefined ? { onDisk } : {}),
  };
}

function missingRenderMessage(page: { url: string; pathWithoutType: string }): string {
  return `page ${page.url} (${CONTENT}${page.pathWithoutType}): its rendered content is missing; the build cannot finish without it`;
}

/** What a page's meta body needs of the page besides its meta file. */
export function metaPageOf(page: PageEntry): MetaItem {
  return {
    name: page.item ? page.item.name : 'home',
    isFolder: page.item?.elementType === 'folder',
    ...(page.item?.contains ? { contains: page.item.contains } : {}),
  };
}

function pageResponses(
  plan: BuildPlan,
  rendered: PageContents,
  itemJson: ItemJson,
): Array<BuiltResponse | StoredResponse> {
  const { sources, model } = plan;
  const responses: Array<BuiltResponse | StoredResponse> = [];
  const tabs = metaTabs(model, sources);
  for (const page of plan.pages) {
    const restriction = restrictionOf(storedMeta(sources, page.pathWithoutType));
    const withRestriction = restriction ? { restriction } : {};
    const content = rendered.get(page.pathWithoutType);
    // A page without its bodies would be published without content: a bug in the renderer, never a page to skip.
    if (content === undefined) throw new Error(missingRenderMessage(page));
    const itemBody = page.item ? `{"item":${itemJson(page.item)}}` : encodePhpJson({ item: model.home });
    responses.push({ key: keyOf(KEYS.item, page.url), body: itemBody, ...withRestriction });
    const answering = { ...metaPageOf(page), url: page.url, pathWithoutType: page.pathWithoutType, path: page.path };
    const stored = sources.yaml.get(`${CONTENT}${page.pathWithoutType}.yaml`);
    const { author } = model.settings;
    responses.push(
      ...pageAnswers(answering, { content, stored, tabs, author, mtimes: plan.source.mtimes, restriction }),
    );
  }
  return responses;
}

function slugResponses(
  sources: ParsedSources,
  model: SiteModel,
  itemJson: ItemJson,
): { responses: BuiltResponse[]; restrictedSlugs: Record<string, SlugPart[]> } {
  const responses: BuiltResponse[] = [];
  const restrictedSlugs: Record<string, SlugPart[]> = {};
  for (const [slug, items] of model.bySlug) {
    const parts = items.map((item) => ({
      json: itemJson(item),
      restriction: restrictionOf(storedMeta(sources, item.pathWithoutType)),
    }));
    if (parts.some((part) => part.restriction)) {
      restrictedSlugs[slug] = parts.map(({ json, restriction }) => (restriction ? { json, restriction } : { json }));
    } else {
      responses.push({ key: keyOf(KEYS.items, slug), body: `{"items":[${parts.map((part) => part.json).join(',')}]}` });
    }
  }
  return { responses, restrictedSlugs };
}

function navigationResponses(model: SiteModel, sources: ParsedSources, itemJson: ItemJson): BuiltResponse[] {
  const navigation = (tree: Item[]) => `{"navigation":[${tree.map(itemJson).join(',')}]}`;
  const responses: BuiltResponse[] = [];
  if (model.draftTree.length) responses.push({ key: keyOf(KEYS.navigationDraft), body: navigation(model.draftTree) });
  if (model.liveTree.length) responses.push({ key: keyOf(KEYS.navigationLive), body: navigation(model.liveTree) });
  const pluginEntries = activePlugins(model.settings).flatMap((plugin) =>
    pluginSystemEntries(pluginYaml(sources, plugin).systemnavi),
  );
  for (const role of ROLES) {
    responses.push({
      key: keyOf(KEYS.mainnavi, role),
      body: encodePhpJson({ mainnavi: mainNavigation(role, model.settings.editor) }),
    });
    responses.push({
      key: keyOf(KEYS.systemnavi, role),
      body: encodePhpJson({ systemnavi: systemNavigation(role, model.basePath, pluginEntries) }),
    });
  }
  responses.push({ key: keyOf(KEYS.settings), body: encodePhpJson(settingsBody(model.settings)) });
  return responses;
}

/** Content bodies by page (`pathWithoutType`); every page of the plan must be here (finishBuild throws otherwise). */
export type RenderedPages = ReadonlyMap<string, RenderedContent>;
/** Content by page, with bodies (the pure build) or as hashes of bodies already in the staging snapshot
 *  (build-site.ts). */
type PageContents = ReadonlyMap<string, RenderedContent | StoredContent>;

/** Everything before rendering: parsed sources, the site model and the pages to render, as plain data. */
export interface BuildPlan {
  source: SiteSource;
  sources: ParsedSources;
  model: SiteModel;
  users: ReturnType<typeof readUsers>;
  /** settings/snapi-tokens.yaml's hashes, as the snapshot carries them. */
  tokens: SnapshotToken[];
  pages: PageEntry[];
  contentSettings: ContentSettings;
  contentJobs: ContentJob[];
  /** Media bodies, made here while the page texts are still held, and the media files to store. */
  media: MediaPlan;
  errors: BuildProblem[];
  warnings: BuildProblem[];
}

/** What pagemedia searches: the draft's blocks joined as Typemill joins them, else the live file, and the meta file.
 *  A text the plan did not keep gives what it names, found when it was parsed (`onDiskMedia`). */
export function pageTextsOf(
  files: ReadonlyMap<string, SourceFile>,
  drafts: ReadonlyMap<string, string[] | PageFileText>,
  pathWithoutType: string,
  onDiskMedia?: ReadonlyMap<string, string[]>,
): PageTexts {
  const meta = files.get(`${CONTENT}${pathWithoutType}.yaml`)?.text ?? '';
  const draftKey = `${CONTENT}${pathWithoutType}.txt`;
  const draft = drafts.get(draftKey);
  if (Array.isArray(draft)) return { pathWithoutType, markdown: joinedBlocks(draft), meta };
  const live = files.get(`${CONTENT}${pathWithoutType}.md`);
  const fromDisk = draft !== undefined || live?.location !== undefined;
  if (fromDisk)
    return {
      pathWithoutType,
      markdown: '',
      markdownMedia: onDiskMedia?.get(draft?.path ?? live?.path ?? '') ?? [],
      meta,
    };
  return { pathWithoutType, markdown: live?.text ?? '', meta };
}

function pageTexts(source: SiteSource, sources: ParsedSources, pages: readonly PageEntry[]): PageTexts[] {
  return pages.map(({ pathWithoutType }) =>
    pageTextsOf(source.files, sources.drafts, pathWithoutType, sources.onDisk?.media),
  );
}

/** `memo` keeps each file's parse between the builds of a resident builder (resident/resident-build.ts). */
export function planBuild(source: SiteSource, memo?: ParseMemo): BuildPlan {
  const sources = parseSources(source, memo);
  const model = buildSiteModel(source, sources);
  const users = readUsers(
    [...sources.yaml]
      .filter(([path]) => /^settings\/users\/[^/]+\.yaml$/.test(path))
      .map(([file, data]) => ({ name: file.slice('settings/users/'.length, -'.yaml'.length), file, data })),
  );
  const tokens = tokenFileOf(source, sources);
  const pages = pageEntries(model);
  const media = planMedia(source.media, pageTexts(source, sources, pages));
  return {
    source,
    sources,
    model,
    users,
    tokens: snapshotTokensOf(tokens.entries),
    pages,
    media,
    contentSettings: contentSettings(source, model),
    contentJobs: pages.map((page) => contentJob(sources, page)),
    errors: [
      ...sources.errors,
      ...accessSettingProblems(model.settings, source.files.get('settings/settings.yaml')?.text),
      ...media.errors,
      ...tokens.problems,
    ],
    warnings: [
      ...sources.warnings,
      ...duplicateUrlWarnings(model.draftTree, model.byUrl),
      ...users.warnings,
      ...media.warnings,
    ],
  };
}

/** Renders every page's content in this thread (build-site.ts uses the render cache and worker threads instead). */
export function renderPages(plan: BuildPlan): RenderedPages {
  return new Map(
    plan.contentJobs.map((job) => [
      job.page,
      renderContent(pageSourcesOf(job), plan.contentSettings, plan.source.knownPaths),
    ]),
  );
}

export function build(source: SiteSource): BuildResult {
  const plan = planBuild(source);
  return finishBuild(plan, renderPages(plan));
}

export function finishBuild(plan: BuildPlan, rendered: RenderedPages): BuildResult;
export function finishBuild(
  plan: BuildPlan,
  rendered: ReadonlyMap<string, StoredContent>,
): BuildResult<BuiltResponse | StoredResponse>;
export function finishBuild(plan: BuildPlan, rendered: PageContents): BuildResult<BuiltResponse | StoredResponse> {
  const { sources, model, users } = plan;
  const userRecords = Object.fromEntries([...users.records].map(([name, record]) => [name, encodePhpJson(record)]));
  const userList = (names: string[] | undefined) =>
    `{"userdata":[${(names ?? []).map((name) => userRecords[name]).join(',')}]}`;
  const itemJson = itemJsonEncoder();
  const slugs = slugResponses(sources, model, itemJson);
  const responses = [
    ...navigationResponses(model, sources, itemJson),
    ...pageResponses(plan, rendered, itemJson),
    ...slugs.responses,
    ...[...namesByRole(users)].map(([role, names]) => ({ key: keyOf(KEYS.usersByRole, role), body: userList(names) })),
    ...[...namesByEmail(users)].map(([email, names]) => ({
      key: keyOf(KEYS.usersByEmail, email),
      body: userList(names),
    })),
    { key: keyOf(KEYS.noUsers), body: userList([]) },
    ...plan.media.responses,
  ];
  const allItems = [...walkItems(model.draftTree)];
  return {
    responses,
    restrictedSlugs: slugs.restrictedSlugs,
    userRecords,
    accounts: users.accounts,
    tokens: plan.tokens,
    access: {
      trustedIps: listSetting(model.settings.trustedipsforapi),
      trustedHosts: listSetting(model.settings.trustedhostsforapi),
      proxy: model.settings.proxy === true,
      trustedProxies: listSetting(model.settings.trustedproxies),
    },
    basePath: model.basePath,
    media: plan.media.objects,
    stats: {
      pages: allItems.filter((item) => item.elementType === 'file').length,
      folders: allItems.filter((item) => item.elementType === 'folder').length,
      drafts: sources.drafts.size,
      users: users.records.size,
    },
    errors: plan.errors,
    warnings: plan.warnings,
  };
}
