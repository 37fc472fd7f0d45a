// Built by client/build-client.ts from client/client.ts; do not edit (npm run generate:client).
import { type SnapiParameters, type SnapiResponses } from './api.cjs';
export type * from './api.cjs';
export { followChanges, type FollowOptions } from './follow-changes.cjs';
export type EndpointMethod = keyof SnapiResponses;
/** A method per endpoint; parameters may be left out where none is required. */
export type SnapiClient = {
    [Method in EndpointMethod]: Record<string, never> extends SnapiParameters[Method] ? (parameters?: SnapiParameters[Method]) => Promise<SnapiResponses[Method]> : (parameters: SnapiParameters[Method]) => Promise<SnapiResponses[Method]>;
};
/** A user's Basic credentials, or a read-only API token (`snapi token add`), sent as `Authorization: Bearer`. */
export type ClientCredentials = {
    username: string;
    password: string;
    token?: never;
} | {
    token: string;
};
export type ClientOptions = ClientCredentials & {
    /** Scheme, host and the installation's base path: `https://docs.example.org/handbook`. */
    baseUrl: string;
    /** Another fetch (a proxy agent, a test double); default: the global fetch. */
    fetch?: typeof fetch;
    /** Bodies kept for revalidation with If-None-Match; 0 turns the cache off. Default 256. */
    cacheEntries?: number;
};
/** Any answer other than 200 or 304: the status and Typemill's message (`page not found`, `Url is required`). */
export declare class SnapiError extends Error {
    readonly status: number;
    /** Per parameter, for a 400. */
    readonly errors: Readonly<Record<string, string>> | undefined;
    constructor(status: number, message: string, errors?: Record<string, string>);
}
export declare function createClient(options: ClientOptions): SnapiClient;
