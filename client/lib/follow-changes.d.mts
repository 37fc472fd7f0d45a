// Built by client/build-client.ts from client/client.ts; do not edit (npm run generate:client).
import type { SnapiResponses } from './api.mjs';
type ChangesPage = SnapiResponses['changes'];
export interface FollowOptions {
    /** A `current` from an earlier answer; absent: start from the snapshot served now. */
    since?: string;
    /** Between polls once caught up; default 5,000 ms. */
    intervalMs?: number;
    /** Stops the iteration (after the current poll). */
    signal?: AbortSignal;
}
interface ChangesSource {
    changes(parameters?: {
        since?: string;
        limit?: number;
        cursor?: string;
    }): Promise<ChangesPage>;
}
/** Each page of changes, in order; a `SnapiError` with status 410 means `since` is too old: sync in full. */
export declare function followChanges(client: ChangesSource, options?: FollowOptions): AsyncGenerator<ChangesPage>;
export {};
