// Each path of the document from the table's entry and its documentation: the parameters, the minimum role and the
// error answers follow from the entry; the prose and the 200 body come from the documentation.
import { ENDPOINT_SPECS } from '../endpoints.ts';
import type { EndpointName, EndpointSpec, Parameter, Route } from '../endpoints.ts';
import { ROLES } from '../snapshot.ts';
import type { Role } from '../snapshot.ts';
import { CONTENT_DOCS } from './content-endpoint-docs.ts';
import { CHANGES_DOCS } from './changes-endpoint-docs.ts';
import type { EndpointDoc, RouteDoc } from './doc-shapes.ts';
import { ETAG_HEADER } from './document-head.ts';
import { type JsonObject, responseRef } from './json.ts';
import { MEDIA_DOCS } from './media-endpoint-docs.ts';
import { operationParameter } from './parameter-objects.ts';
import { SITE_DOCS } from './site-endpoint-docs.ts';
import { LLMS_DOCS } from './llms-endpoint-docs.ts';

/** Every endpoint of the table has its documentation: one missing is a type error here. */
export const ENDPOINT_DOCS: Readonly<Record<EndpointName, EndpointDoc>> = {
  ...CONTENT_DOCS,
  ...SITE_DOCS,
  ...MEDIA_DOCS,
  ...CHANGES_DOCS,
  ...LLMS_DOCS,
};

/** The path as clients write it: `/api/v1/settings/` for an entry with `trailingSlash`. */
export const documentedPath = (route: Route): string => (route.trailingSlash ? `${route.path}/` : route.path);

const roleNote = (role: Role) => (role === ROLES[ROLES.length - 1] ? role : `minimum role ${role}`);

/** Whether the gateway can refuse a parameter with a 400 (gateway/api/parameters.ts): when it is required, has a kind
 *  with a form to keep (integer, role, email) or has limits. A flag, or an optional text or list, never is. */
const canRefuse = (parameter: Parameter) =>
  parameter.required ||
  ['integer', 'role', 'email'].includes(parameter.kind) ||
  parameter.maxLength !== undefined ||
  parameter.maxWords !== undefined;

/** The 400 answer: the endpoint's own, else the shared one in the shape of its parameters' messages. */
function badRequest(spec: EndpointSpec, doc: EndpointDoc): JsonObject | undefined {
  if (doc.badRequest) return doc.badRequest;
  const refused = spec.parameters.filter(canRefuse);
  if (refused.length === 0) return undefined;
  return responseRef(
    refused.some((parameter) => parameter.missing?.errors === false) ? 'MediaBadRequest' : 'BadRequest',
  );
}

function successAnswer(doc: EndpointDoc): JsonObject {
  if ('response' in doc.success) return responseRef(doc.success.response);
  if ('text' in doc.success)
    return {
      description: doc.success.description,
      headers: ETAG_HEADER,
      content: { [doc.success.text]: { schema: { type: 'string' } } },
    };
  return {
    description: doc.success.description,
    headers: ETAG_HEADER,
    content: { 'application/json': { schema: doc.success.body } },
  };
}

/** The GET operation of an endpoint: the answers in the gateway's decision order (DESIGN.md §4), by status. */
export function endpointOperation(spec: EndpointSpec, doc: EndpointDoc): JsonObject {
  const refused = badRequest(spec, doc);
  return {
    tags: [doc.tag],
    operationId: doc.operationId,
    summary: `${doc.summary} (${roleNote(spec.minRole)})`,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    ...(spec.parameters.length === 0
      ? {}
      : {
          parameters: spec.parameters.map((parameter) =>
            operationParameter(parameter, doc.parameters?.[parameter.name]),
          ),
        }),
    responses: {
      '200': successAnswer(doc),
      '304': responseRef('NotModified'),
      ...(refused === undefined ? {} : { '400': refused }),
      '401': responseRef('Unauthorized'),
      '403': responseRef(doc.forbidden ?? 'Forbidden'),
      ...(doc.notFound === undefined ? {} : { '404': responseRef(doc.notFound) }),
      ...(doc.gone === undefined ? {} : { '410': doc.gone }),
      '414': responseRef('UriTooLong'),
      '429': responseRef('TooManyFailures'),
      '500': responseRef('InternalError'),
    },
  };
}

/** The parameters the shared 400 answers list: those of every endpoint without a 400 of its own, in table order. */
export function sharedBadRequestParameters(): Parameter[] {
  return (Object.entries(ENDPOINT_SPECS) as Array<[EndpointName, EndpointSpec]>)
    .filter(([name]) => ENDPOINT_DOCS[name].badRequest === undefined)
    .flatMap(([, spec]) => spec.parameters.filter(canRefuse));
}

/** Each endpoint of the table, in table order, as `[path, path item]`. */
export function endpointPaths(): Array<[string, JsonObject]> {
  return (Object.entries(ENDPOINT_SPECS) as Array<[EndpointName, EndpointSpec]>).map(([name, spec]) => {
    const pathParameters = pathParameterObjects(ENDPOINT_DOCS[name].pathParameters);
    return [
      documentedPath(spec),
      {
        ...(pathParameters.length === 0 ? {} : { parameters: pathParameters }),
        get: endpointOperation(spec, ENDPOINT_DOCS[name]),
      },
    ];
  });
}

/** Each route of a table outside the endpoints' roles (media files, service routes) as `[path, path item]`. */
export function routePaths<Name extends string>(
  routes: Readonly<Record<Name, Route>>,
  docs: Readonly<Record<Name, RouteDoc>>,
): Array<[string, JsonObject]> {
  return (Object.entries(routes) as Array<[Name, Route]>).map(([name, route]) => [
    documentedPath(route),
    routePathItem(docs[name]),
  ]);
}

/** The path item of a route outside the table's roles: the `{name}` parameters beside its one GET operation. */
function pathParameterObjects(described: Readonly<Record<string, string>> | undefined): JsonObject[] {
  return Object.entries(described ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description,
  }));
}

function routePathItem(doc: RouteDoc): JsonObject {
  const pathParameters = pathParameterObjects(doc.pathParameters);
  return {
    ...(pathParameters.length === 0 ? {} : { parameters: pathParameters }),
    get: {
      tags: [doc.tag],
      operationId: doc.operationId,
      summary: doc.summary,
      ...(doc.description === undefined ? {} : { description: doc.description }),
      security: doc.security,
      responses: doc.responses,
    },
  };
}
