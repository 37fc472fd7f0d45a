// Built by client/build-client.ts from client/client.ts; do not edit (npm run generate:client).
export type ErrorBody = {
    message: string;
};
export type ValidationError = {
    message: string;
    errors: Record<string, string>;
};
export type Role = 'guest' | 'member' | 'contributor' | 'author' | 'editor' | 'manager' | 'administrator';
export type ImageListEntry = {
    name: string;
    timestamp: number;
    src_thumb: string;
    src_live: string;
};
export type ImageDetails = {
    name: string;
    timestamp: number;
    bytes: number;
    width: number | string | null;
    height: number | string | null;
    type: string | null;
    src_thumb: string;
    src_live: string;
};
export type FileEntry = {
    name: string;
    timestamp: number;
    bytes: number;
    info: {
        dirname: 'media/files';
        basename: string;
        extension?: string;
        filename: string;
    };
    url: string;
};
export type EmptyPhpArray = [];
export type Item = FileItem | FolderItem | HomeItem;
export type TreeItem = FileItem | FolderItem;
export type ItemFields = {
    originalName: string;
    status: 'published' | 'unpublished' | 'modified' | 'undefined';
    fileType: 'md' | 'txt' | '';
    order: string | null;
    name: string;
    slug: string;
    path: string;
    pathWithoutType: string;
    urlRelWoF: string;
    urlRel: string;
    urlAbs: string;
    key: number;
    keyPath: number | string;
    keyPathArray: Array<string>;
    chapter: number | string;
    active: false;
    activeParent: false;
    hide: boolean;
    noindex: boolean;
    [key: string]: unknown;
};
export type FileItem = ItemFields & {
    elementType: 'file';
};
export type FolderItem = ItemFields & {
    elementType: 'folder';
    contains: 'pages' | 'posts';
    folderContent: Array<TreeItem>;
};
export type HomeItem = {
    status: 'published' | 'modified';
    originalName: 'home';
    elementType: 'folder';
    fileType: 'md' | 'mdtxt';
    order: false;
    name: 'home';
    slug: '';
    path: '';
    pathWithoutType: '/index';
    key: false;
    keyPath: '';
    keyPathArray: [''];
    chapter: false;
    urlRel: '/';
    urlRelWoF: '/';
    urlAbs: string;
    active: false;
    activeParent: false;
    hide: false;
};
export type ContentBlock = {
    id: number;
    markdown: string;
    html: string;
};
export type Metadata = {
    meta: MetaTab;
    [key: string]: unknown;
};
export type MetaTab = {
    navtitle: string | null;
    title: string | null;
    description: string | null;
    heroimage?: string | null;
    heroimagealt?: string | null;
    owner?: string | null;
    author: string | null;
    allowedrole?: string | null;
    alloweduser?: string | null;
    manualdate?: string | null;
    modified: string;
    created: string;
    time: string;
    reference?: string | null;
    referencetype?: string | null;
    hide?: boolean | string | null;
    noindex?: boolean | string | null;
    contains?: 'pages' | 'posts';
    glossary?: unknown;
    template?: string | null;
    pagelisting?: unknown;
    shorttitle?: string | null;
    [key: string]: unknown;
};
export type UserRecord = {
    username: string;
    firstname?: string;
    lastname?: string;
    email?: string;
    userrole?: Role;
    lastlogin?: number;
    apiaccess?: boolean;
    linkaccess?: boolean;
    description?: string;
    image?: string;
    darkmode?: boolean;
    authcodedata?: string;
    fingerprints?: Array<string>;
    [key: string]: unknown;
};
export type Settings = {
    version: string;
    title: string;
    author: string;
    copyright: string;
    language: string;
    langattr: string;
    editor: 'visual' | 'raw';
    storage: string;
    formats: Array<string>;
    images: {
        live?: {
            width?: number;
            [key: string]: unknown;
        };
        thumbs?: {
            width?: number;
            height?: number;
            [key: string]: unknown;
        };
        [key: string]: unknown;
    };
    systemSettingsPath: string;
    rootPath?: string;
    plugins: Record<string, {
        active: boolean;
        [key: string]: unknown;
    }> | EmptyPhpArray;
    license?: false;
    [key: string]: unknown;
};
export type MainNavigationEntry = {
    title: string;
    routename: string;
    aclresource: string;
    aclprivilege: string;
    active?: boolean;
};
export type SystemNavigationEntry = {
    title: string;
    routename: string;
    icon: string;
    aclresource: string;
    aclprivilege: string;
    url: string;
};
export type SearchResults = {
    query: string;
    total: number;
    results: Array<{
        url: string;
        title: string;
        slug: string;
        section: string | null;
        snippet: string;
        score: number;
    }>;
};
export type Health = {
    status: 'ok';
    snapshot: string;
    builtAt: string;
    follow?: FollowStatus;
    counts: {
        pages: number;
        folders: number;
        drafts: number;
        users: number;
        responses: number;
        bytes: number;
        [key: string]: unknown;
    };
};
export type HealthWaiting = {
    status: 'waiting';
    message: string;
    follow?: FollowStatus;
};
export type FollowStatus = {
    source: string;
    snapshot: string | null;
    lastCheck: string | null;
    lastSuccess: string | null;
    lagSeconds: number | null;
    error: string | null;
};
/** Each method's parameters; optional ones may be left out. */
export interface SnapiParameters {
    navigation: {
        draft?: boolean;
    };
    content: {
        url: string;
        draft?: boolean;
    };
    meta: {
        url: string;
    };
    item: {
        url: string;
    };
    items: {
        slug: string;
    };
    settings: Record<string, never>;
    mainnavi: Record<string, never>;
    systemnavi: Record<string, never>;
    usersByNames: {
        usernames: string[];
    };
    usersByRole: {
        role: Role;
    };
    usersByEmail: {
        email: string;
    };
    search: {
        q: string;
        limit?: number;
        offset?: number;
        draft?: boolean;
    };
    images: Record<string, never>;
    image: {
        name: string;
    };
    files: Record<string, never>;
    file: {
        name: string;
    };
    pageMedia: {
        path: string;
    };
    fileRestrictions: {
        filename?: string;
    };
    changes: {
        since?: string;
        limit?: number;
        cursor?: string;
    };
    llmsTxt: Record<string, never>;
    llmsFullTxt: Record<string, never>;
    pageMarkdown: {
        url: string;
        draft?: boolean;
    };
}
/** Each method's 200 body, exactly as the gateway sends it. */
export interface SnapiResponses {
    navigation: {
        navigation: Array<TreeItem>;
    };
    content: {
        content: Array<ContentBlock>;
    };
    meta: {
        metadata: Metadata;
    };
    item: {
        item: Item;
    };
    items: {
        items: Array<TreeItem>;
    };
    settings: {
        settings: Settings;
    };
    mainnavi: {
        mainnavi: Record<string, MainNavigationEntry> | EmptyPhpArray;
    };
    systemnavi: {
        systemnavi: Record<string, SystemNavigationEntry> | EmptyPhpArray;
    };
    usersByNames: {
        userdata: Array<UserRecord>;
    };
    usersByRole: {
        userdata: Array<UserRecord>;
    };
    usersByEmail: {
        userdata: Array<UserRecord>;
    };
    search: SearchResults;
    images: {
        images: Array<ImageListEntry>;
    };
    image: {
        image: ImageDetails;
    };
    files: {
        files: Array<FileEntry>;
    };
    file: {
        file: FileEntry;
    };
    pageMedia: {
        pagemedia: Array<string>;
    };
    fileRestrictions: {
        userroles: Array<Role>;
        restriction: unknown;
    };
    changes: {
        since?: string;
        current: string;
        urls?: {
            added: Array<string>;
            changed: Array<string>;
            removed: Array<string>;
        };
        slugs?: {
            added: Array<string>;
            changed: Array<string>;
            removed: Array<string>;
        };
        endpoints?: Array<string>;
        next?: string;
    };
    llmsTxt: string;
    llmsFullTxt: string;
    pageMarkdown: string;
}
export interface Call {
    path: string;
    parameters: ReadonlyArray<{
        name: string;
        wire: string;
        kind: 'flag' | 'list' | 'value' | 'path';
    }>;
    /** The body is text (the AI files), not JSON. */
    text?: true;
}
/** How each method's parameters go on the wire. */
export declare const CALLS: Readonly<Record<keyof SnapiResponses, Call>>;
