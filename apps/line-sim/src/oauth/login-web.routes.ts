import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../state/sim-context.ts';
import { checkAuthorizeRequest, issueAuthorizationCode, type AuthorizeRequest } from './login-web.service.ts';

type Query = Record<string, string | undefined>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title></head>` +
  `<body style="font-family:sans-serif;margin:0;padding:24px;text-align:center;line-height:1.6;color:#111">${body}</body></html>`;

const errorPage = (reason: string) =>
  page(
    'LINE Login',
    `<h1 style="font-size:20px" data-testid="login-error-title">ログインできません</h1><p data-testid="login-error">${escape(reason)}</p>`,
  );

const authorizeRequestOf = (query: Query): AuthorizeRequest => ({
  responseType: query.response_type,
  clientId: query.client_id,
  redirectUri: query.redirect_uri,
  state: query.state,
  scope: query.scope,
  nonce: query.nonce,
});

const hidden = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<input type="hidden" name="${name}" value="${escape(value)}">`;

const button = (name: string, label: string, primary: boolean) =>
  `<button type="submit" name="action" value="${name}" style="display:block;width:100%;margin:12px 0;padding:14px;border-radius:8px;font-size:16px;font-weight:700;${
    primary ? 'background:#06c755;color:#fff;border:0' : 'background:#fff;color:#111;border:1px solid #ccc'
  }">${label}</button>`;

/**
 * LINE Login's web flow as the simulator plays it (https://access.line.me/oauth2/v2.1/authorize on this
 * host): the login and consent screen, where the simulated user is picked (preselected by `?userId=`, as
 * LINE knows who is logged in to the app and the simulator is told), then the redirect back to the
 * redirect URI with a one-time code and the state, or `error=access_denied` when the user cancels.
 * The code is exchanged at POST /oauth2/v2.1/token (login-web.service.ts).
 */
export const registerLoginWebRoutes = (app: FastifyInstance, ctx: SimContext) => {
  app.get<{ Querystring: Query }>('/oauth2/v2.1/authorize', async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const checked = checkAuthorizeRequest(ctx, authorizeRequestOf(request.query));
    if (!checked.ok) return reply.code(400).send(errorPage(checked.reason));
    const users = [...ctx.store.users.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const chosen = request.query.userId;
    const account = [...ctx.store.channels.values()].find(
      (c) => c.loginChannelId === checked.channel.channelId,
    );
    const q = request.query;
    const form =
      `<form method="post" action="/oauth2/v2.1/authorize" style="max-width:360px;margin:0 auto;text-align:left">` +
      [
        hidden('response_type', q.response_type),
        hidden('client_id', q.client_id),
        hidden('redirect_uri', q.redirect_uri),
        hidden('state', q.state),
        hidden('scope', q.scope),
        hidden('nonce', q.nonce),
      ].join('') +
      `<label for="userId" style="display:block;font-size:14px;color:#555">ログインするユーザー</label>` +
      `<select id="userId" name="userId" style="width:100%;padding:10px;font-size:16px;margin:4px 0 12px">` +
      users
        .map(
          (u) =>
            `<option value="${escape(u.userId)}"${u.userId === chosen ? ' selected' : ''}>${escape(u.displayName)}</option>`,
        )
        .join('') +
      `</select>` +
      `<p style="font-size:14px;color:#555">このサービスはあなたのプロフィール情報（表示名・プロフィール画像）とIDを取得します。</p>` +
      button('allow', '許可する', true) +
      button('cancel', 'キャンセル', false) +
      `</form>`;
    return page(
      'LINE Login',
      `<p style="color:#06c755;font-weight:700;margin:0 0 8px">LINE</p>` +
        `<h1 style="font-size:20px;margin:0 0 16px" data-testid="login-title">${escape(account?.displayName ?? checked.channel.name)}</h1>` +
        (users.length ? form : `<p data-testid="login-error">ユーザーがいません。</p>`),
    );
  });

  app.post('/oauth2/v2.1/authorize', async (request, reply) => {
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Query;
    const checked = checkAuthorizeRequest(ctx, authorizeRequestOf(form));
    if (!checked.ok) {
      return reply.code(400).type('text/html; charset=utf-8').send(errorPage(checked.reason));
    }
    const back = new URL(checked.redirectUri);
    if (form.action === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner denied the request.');
      back.searchParams.set('state', form.state!);
      return reply.redirect(back.toString(), 302);
    }
    const user = form.userId ? ctx.store.users.get(form.userId) : undefined;
    if (!user) {
      return reply.code(400).type('text/html; charset=utf-8').send(errorPage('userId: no such user'));
    }
    const code = issueAuthorizationCode(ctx, {
      channel: checked.channel,
      redirectUri: form.redirect_uri!,
      userId: user.userId,
      scope: form.scope!,
      ...(form.nonce ? { nonce: form.nonce } : {}),
    });
    back.searchParams.set('code', code);
    back.searchParams.set('state', form.state!);
    return reply.redirect(back.toString(), 302);
  });
};
