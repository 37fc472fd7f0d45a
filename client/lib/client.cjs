// Built by client/build-client.ts from client/client.ts; do not edit (npm run generate:client).
"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// client/client.ts
var client_exports = {};
__export(client_exports, {
  SnapiError: () => SnapiError,
  createClient: () => createClient,
  followChanges: () => followChanges
});
module.exports = __toCommonJS(client_exports);

// client/generated/api.ts
var CALLS = {
  navigation: { path: "/api/v1/navigation", parameters: [{ name: "draft", wire: "draft", kind: "flag" }] },
  content: { path: "/api/v1/article/content", parameters: [{ name: "url", wire: "url", kind: "value" }, { name: "draft", wire: "draft", kind: "flag" }] },
  meta: { path: "/api/v1/article/meta", parameters: [{ name: "url", wire: "url", kind: "value" }] },
  item: { path: "/api/v1/article/item", parameters: [{ name: "url", wire: "url", kind: "value" }] },
  items: { path: "/api/v1/article/items", parameters: [{ name: "slug", wire: "slug", kind: "value" }] },
  settings: { path: "/api/v1/settings/", parameters: [] },
  mainnavi: { path: "/api/v1/mainnavi/", parameters: [] },
  systemnavi: { path: "/api/v1/systemnavi/", parameters: [] },
  usersByNames: { path: "/api/v1/users/getbynames", parameters: [{ name: "usernames", wire: "usernames[]", kind: "list" }] },
  usersByRole: { path: "/api/v1/users/getbyrole", parameters: [{ name: "role", wire: "role", kind: "value" }] },
  usersByEmail: { path: "/api/v1/users/getbyemail", parameters: [{ name: "email", wire: "email", kind: "value" }] },
  search: { path: "/api/v1/search", parameters: [{ name: "q", wire: "q", kind: "value" }, { name: "limit", wire: "limit", kind: "value" }, { name: "offset", wire: "offset", kind: "value" }, { name: "draft", wire: "draft", kind: "flag" }] },
  images: { path: "/api/v1/images", parameters: [] },
  image: { path: "/api/v1/image", parameters: [{ name: "name", wire: "name", kind: "value" }] },
  files: { path: "/api/v1/files", parameters: [] },
  file: { path: "/api/v1/file", parameters: [{ name: "name", wire: "name", kind: "value" }] },
  pageMedia: { path: "/api/v1/pagemedia", parameters: [{ name: "path", wire: "path", kind: "value" }] },
  fileRestrictions: { path: "/api/v1/filerestrictions", parameters: [{ name: "filename", wire: "filename", kind: "value" }] },
  changes: { path: "/api/v1/changes", parameters: [{ name: "since", wire: "since", kind: "value" }, { name: "limit", wire: "limit", kind: "value" }, { name: "cursor", wire: "cursor", kind: "value" }] },
  llmsTxt: { path: "/llms.txt", parameters: [], text: true },
  llmsFullTxt: { path: "/llms-full.txt", parameters: [], text: true },
  pageMarkdown: { path: "/{url}.md", parameters: [{ name: "url", wire: "url", kind: "path" }, { name: "draft", wire: "draft", kind: "flag" }], text: true }
};

// client/follow-changes.ts
var pause = (ms, signal) => new Promise((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
});
async function* followChanges(client, options = {}) {
  let since = options.since ?? (await client.changes()).current;
  while (options.signal?.aborted !== true) {
    let cursor;
    let current = since;
    do {
      const page = await client.changes({ since, ...cursor === void 0 ? {} : { cursor } });
      current = page.current;
      cursor = page.next;
      if (page.current !== since) yield page;
    } while (cursor !== void 0);
    if (current !== since) since = current;
    else await pause(options.intervalMs ?? 5e3, options.signal);
  }
}

// client/client.ts
function authorizationOf(credentials) {
  if ("token" in credentials && typeof credentials.token === "string") return `Bearer ${credentials.token}`;
  const { username, password } = credentials;
  return `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${username}:${password}`)))}`;
}
var SnapiError = class extends Error {
  status;
  /** Per parameter, for a 400. */
  errors;
  constructor(status, message, errors) {
    super(message);
    this.name = "SnapiError";
    this.status = status;
    this.errors = errors;
  }
};
function queryOf(call, parameters) {
  const query = new URLSearchParams();
  for (const parameter of call.parameters) {
    const value = parameters[parameter.name];
    if (value === void 0 || value === null || parameter.kind === "path") continue;
    if (parameter.kind === "flag") {
      if (value === true) query.append(parameter.wire, "true");
    } else if (parameter.kind === "list") {
      for (const item of value) query.append(parameter.wire, String(item));
    } else {
      query.append(parameter.wire, String(value));
    }
  }
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}
function pathOf(call, parameters) {
  return call.parameters.filter((parameter) => parameter.kind === "path").reduce((path, parameter) => {
    const segments = String(parameters[parameter.name] ?? "").split("/").filter((segment) => segment !== "");
    const value = segments.length === 0 ? "index" : segments.map(encodeURIComponent).join("/");
    return path.replace(`{${parameter.name}}`, value);
  }, call.path);
}
async function errorOf(response) {
  const text = await response.text();
  try {
    const body = JSON.parse(text);
    if (typeof body.message === "string") return new SnapiError(response.status, body.message, body.errors);
  } catch {
  }
  return new SnapiError(response.status, `${response.status} ${response.statusText}`.trim());
}
function createClient(options) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const authorization = authorizationOf(options);
  const fetcher = options.fetch ?? globalThis.fetch;
  const limit = options.cacheEntries ?? 256;
  const cache = /* @__PURE__ */ new Map();
  async function request(call, parameters) {
    const url = base + pathOf(call, parameters) + queryOf(call, parameters);
    const cached = cache.get(url);
    const headers = {
      Authorization: authorization,
      Accept: call.text ? "text/plain, text/markdown" : "application/json"
    };
    if (cached !== void 0) headers["If-None-Match"] = cached.etag;
    const response = await fetcher(url, { headers });
    if (response.status === 304 && cached !== void 0) {
      cache.delete(url);
      cache.set(url, cached);
      return structuredClone(cached.body);
    }
    if (response.status !== 200) throw await errorOf(response);
    const body = call.text ? await response.text() : await response.json();
    const etag = response.headers.get("etag");
    if (etag !== null && limit > 0 && !/no-store/.test(response.headers.get("cache-control") ?? "")) {
      cache.delete(url);
      cache.set(url, { etag, body: structuredClone(body) });
      if (cache.size > limit) cache.delete(cache.keys().next().value);
    }
    return body;
  }
  const client = {};
  for (const [method, call] of Object.entries(CALLS)) client[method] = (parameters = {}) => request(call, parameters);
  return client;
}
