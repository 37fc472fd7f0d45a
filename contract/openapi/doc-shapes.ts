// The shapes of what the OpenAPI document says beside the table: per endpoint (prose, examples, the 200 body) and per
// route outside the table's access rules (the whole operation).
import type { TagName } from './document-head.ts';
import type { JsonObject } from './json.ts';
import type { ParameterDoc } from './parameter-doc.ts';
import type { ResponseName } from './responses.ts';

export interface EndpointDoc {
  tag: TagName;
  operationId: string;
  /** One line; the table's minimum role is added: `(minimum role author)`, or `(administrator)`. */
  summary: string;
  description?: string;
  /** By the parameter's name in the table; the table's shared parameters (url, draft) are described once, in
   *  SHARED_PARAMETER_DOCS. */
  parameters?: Readonly<Record<string, ParameterDoc>>;
  /** The 200 answer: its description and body, or a shared answer of components/responses. */
  success:
    | { description: string; body: JsonObject }
    | { description: string; text: string }
    | { response: ResponseName };
  /** Each `{name}` of the path, with its description (the AI files' `/{url}.md`). */
  pathParameters?: Readonly<Record<string, string>>;
  /** The 400 answer where the shared one for the table's parameters does not say enough. */
  badRequest?: JsonObject;
  /** The 403 answer: `Forbidden` unless the page's `allowedrole`/`alloweduser` can refuse too. */
  forbidden?: ResponseName;
  /** The 404 answer, for endpoints that can find nothing. */
  notFound?: ResponseName;
  /** The 410 answer (the change feed: a snapshot the history no longer keeps). */
  gone?: JsonObject;
}

/** A route outside the endpoint table's credentials and roles (media files, health, this document): its operation. */
export interface RouteDoc {
  tag: TagName;
  operationId: string;
  summary: string;
  description?: string;
  /** `[]` or `[{}]`: no credentials; `[{}, { basicAuth: [] }]`: credentials only for some files. */
  security: readonly JsonObject[];
  /** Each `{name}` of the path, with its description. */
  pathParameters?: Readonly<Record<string, string>>;
  responses: Readonly<Record<string, JsonObject>>;
}
