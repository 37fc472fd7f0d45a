// The files `snapi init` writes: the smallest Typemill site folder that builds, checks clean and shows the layout (a
// home page, one page with its meta file, the settings), as data. docs/first-site.md walks through it.

export interface StarterFile {
  /** Relative to the new site folder, with forward slashes. */
  path: string;
  text: string;
}

export const STARTER_SITE: readonly StarterFile[] = [
  {
    path: 'content/index.md',
    text: `# My documentation

This is the home page: \`content/index.md\`. Every page is a markdown file in \`content/\`; its first heading is its
title, and the number in front of a file name (\`01-first-page.md\`) sets its place in the navigation.

Read the [first page](/first-page) next.
`,
  },
  {
    path: 'content/index.yaml',
    text: `meta:
    navtitle: home
    title: 'My documentation'
    description: 'The home page of a site made with snapi init.'
`,
  },
  {
    path: 'content/01-first-page.md',
    text: `# First page

A page is published when it is a \`.md\` file. A \`.txt\` file beside it holds an unpublished draft, and a folder
with an \`index.md\` is a section with pages of its own.

## Metadata

\`01-first-page.yaml\` holds this page's metadata (title, description, who may read it), as Typemill writes it.
`,
  },
  {
    path: 'content/01-first-page.yaml',
    text: `meta:
    navtitle: 'First page'
    title: 'First page'
    description: 'What a page, a draft and a section are.'
`,
  },
  {
    path: 'settings/settings.yaml',
    text: `title: 'My documentation'
author: ''
language: en
langattr: en
`,
  },
];
