// The gateway's endpoint table: each entry of the API's data (contract/endpoints.ts) with the function that answers it.
import { byKey, bySlug, byUrl, usersByEmail, usersByNames, usersByRole, wantsDraft } from './answers.ts';
import type { EndpointInput, Answer } from './answers.ts';
import { checkParameters } from './parameters.ts';
import type { ParameterValues } from './parameters.ts';
import { MESSAGES, mcpExchangeReply } from '../reply/reply.ts';
import { searchEndpoint } from '../search/search-endpoint.ts';
import { changesAnswer } from '../changes/changes-endpoint.ts';
import {
  fileAnswer,
  filesAnswer,
  fileRestrictionsAnswer,
  imageAnswer,
  imagesAnswer,
  pageMediaAnswer,
} from './media-answers.ts';
import { llmsFullTxtAnswer, llmsTxtAnswer, pageMarkdownAnswer } from './llms-answers.ts';
import { ENDPOINT_SPECS, KEYS, MCP_ROUTE_SPEC, keyOf } from '../../contract/endpoints.ts';
import type { EndpointName, EndpointSpec } from '../../contract/endpoints.ts';

export { KEYS, MEDIA_ROUTES, SERVICE_ROUTES, identifyKey, keyOf, requestPathOf } from '../../contract/endpoints.ts';
export type { EndpointName, KeyIdentity, KeyKind, Parameter, Route, ValueKind } from '../../contract/endpoints.ts';

/** What a request brings to an endpoint; the parameter values are checked by the entry's rules on the way in. */
export type RequestInput = Omit<EndpointInput, 'values'>;

export interface Endpoint extends EndpointSpec {
  /** Validates the query by the entry's parameters (400 with Typemill's message), then looks up: what the MCP tools
   *  call. Synchronous but for search, which may read content bodies for its snippets. */
  answer: (input: RequestInput) => Answer | Promise<Answer>;
  /** The answer from values the entry's parameters have already checked: the decision order's lookup step. */
  lookup: AnswerFunction;
}

type AnswerFunction = (input: EndpointInput) => Answer | Promise<Answer>;

const KEY = KEYS;
const draftKeyOr = (draft: string, live: string) => (values: ParameterValues) =>
  wantsDraft(values) ? [draft, live] : [live];

const ANSWERS: Readonly<Record<EndpointName, AnswerFunction>> = {
  navigation: byKey(
    ({ values }) => keyOf(wantsDraft(values) ? KEY.navigationDraft : KEY.navigationLive),
    MESSAGES.navigationNotFound,
  ),
  // A page without a draft answers its live content when the draft is asked for.
  content: byUrl((url, values) => draftKeyOr(keyOf(KEY.contentDraft, url), keyOf(KEY.contentLive, url))(values)),
  meta: byUrl((url) => [keyOf(KEY.meta, url)]),
  item: byUrl((url) => [keyOf(KEY.item, url)]),
  items: bySlug((slug) => keyOf(KEY.items, slug)),
  settings: byKey(() => keyOf(KEY.settings), MESSAGES.pageNotFound),
  mainnavi: byKey(({ user }) => keyOf(KEY.mainnavi, user.role), MESSAGES.navigationNotFound),
  systemnavi: byKey(({ user }) => keyOf(KEY.systemnavi, user.role), MESSAGES.navigationNotFound),
  usersByNames: usersByNames,
  usersByRole: usersByRole((role) => keyOf(KEY.usersByRole, role), keyOf(KEY.noUsers)),
  usersByEmail: usersByEmail((email) => keyOf(KEY.usersByEmail, email), keyOf(KEY.noUsers)),
  search: searchEndpoint,
  images: imagesAnswer(keyOf(KEY.images)),
  image: imageAnswer((name) => keyOf(KEY.image, name)),
  files: filesAnswer(keyOf(KEY.files)),
  file: fileAnswer((name) => keyOf(KEY.file, name)),
  pageMedia: pageMediaAnswer((path) => keyOf(KEY.pageMedia, path)),
  fileRestrictions: fileRestrictionsAnswer(
    (filename) => keyOf(KEY.fileRestriction, filename),
    keyOf(KEY.noFileRestriction),
  ),
  changes: changesAnswer,
  llmsTxt: llmsTxtAnswer,
  llmsFullTxt: llmsFullTxtAnswer,
  pageMarkdown: pageMarkdownAnswer,
};

/** The entry's parameter rules first (the decision order's 400), then its answer. */
function validatedAnswer(spec: EndpointSpec, answer: AnswerFunction): Endpoint['answer'] {
  return (input) => {
    const checked = checkParameters(spec.parameters, input.query);
    return 'reply' in checked ? { kind: 'reply', reply: checked.reply } : answer({ ...input, values: checked.values });
  };
}

export const ENDPOINTS: Readonly<Record<EndpointName, Endpoint>> = Object.fromEntries(
  (Object.keys(ENDPOINT_SPECS) as EndpointName[]).map((name) => [
    name,
    { ...ENDPOINT_SPECS[name], answer: validatedAnswer(ENDPOINT_SPECS[name], ANSWERS[name]), lookup: ANSWERS[name] },
  ]),
) as Record<EndpointName, Endpoint>;

/** Past the role check, the MCP transport answers for the user (gateway/mcp/mcp-http.ts). */
const mcpExchange = ({ user }: RequestInput): Answer => ({ kind: 'reply', reply: mcpExchangeReply(user) });
export const MCP_ROUTE: Endpoint = { ...MCP_ROUTE_SPEC, answer: mcpExchange, lookup: mcpExchange };
