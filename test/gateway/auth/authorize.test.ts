// authorize(): the one role check the HTTP decision order and both MCP transports call, with Typemill's 403.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { authorize } from '../../../gateway/auth/authorize.ts';
import type { RoleRule } from '../../../gateway/auth/authorize.ts';
import { ENDPOINTS, MCP_ROUTE } from '../../../gateway/api/endpoints.ts';
import type { Reply } from '../../../gateway/reply/reply.ts';

const Authorize = suite('authorize');

const EDITOR_RULE: RoleRule = { minRole: 'editor', privilege: 'read', resource: 'system' };

function bodyOf(reply: Reply | undefined): string | undefined {
  if (reply === undefined) return undefined;
  assert.is(reply.body.kind, 'bytes');
  return reply.body.kind === 'bytes' ? reply.body.bytes.toString('utf8') : '';
}

Authorize('lets every role at or above the minimum through and answers 403 below it', () => {
  const cases: Array<[role: string, denied: boolean]> = [
    ['guest', true],
    ['member', true],
    ['contributor', true],
    ['author', true],
    ['editor', false],
    ['manager', false],
    ['administrator', false],
  ];
  for (const [role, denied] of cases) {
    const reply = authorize(role, EDITOR_RULE);
    assert.is(reply?.status, denied ? 403 : undefined, role);
    assert.is(
      bodyOf(reply),
      denied ? `{"message":"Permission denied. Your are an ${role} and you cannot read this system"}` : undefined,
      role,
    );
  }
});

Authorize('refuses a guest even where the minimum is guest, and a role that is not one of the seven', () => {
  const guestRule: RoleRule = { minRole: 'guest', privilege: 'read', resource: 'content' };
  assert.is(
    bodyOf(authorize('guest', guestRule)),
    '{"message":"Permission denied. Your are an guest and you cannot read this content"}',
  );
  assert.is(
    bodyOf(authorize('superuser', EDITOR_RULE)),
    '{"message":"Permission denied. Your are an superuser and you cannot read this system"}',
  );
});

Authorize("names the endpoint's own privilege and resource: the MCP route and a content endpoint", () => {
  assert.is(
    bodyOf(authorize('contributor', MCP_ROUTE)),
    '{"message":"Permission denied. Your are an contributor and you cannot read this content"}',
  );
  assert.is(authorize('author', MCP_ROUTE), undefined);
  const navigation = ENDPOINTS.navigation;
  assert.is(authorize(navigation.minRole, navigation), undefined);
});

Authorize.run();
