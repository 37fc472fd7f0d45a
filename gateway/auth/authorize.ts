// The role step shared by the HTTP decision order and MCP: an endpoint's minimum role, or the 403 that names it.
import type { EndpointSpec } from '../../contract/endpoints.ts';
import { permissionDeniedReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import { meetsMinimumRole } from './roles.ts';

/** What the role check reads of an endpoint: its minimum role, and what the 403 says the caller may not do. */
export type RoleRule = Pick<EndpointSpec, 'minRole' | 'privilege' | 'resource'>;

/** Undefined when `role` may call the endpoint; otherwise Typemill's 403 for it. */
export function authorize(role: string, endpoint: RoleRule): Reply | undefined {
  return meetsMinimumRole(role, endpoint.minRole)
    ? undefined
    : permissionDeniedReply(role, endpoint.privilege, endpoint.resource);
}
