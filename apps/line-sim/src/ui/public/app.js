/* global document, window, Node */
// The LINE simulator's user page: act as LINE users against the accounts the product manages.
// Plain browser JavaScript on purpose (no build step); it only calls the /_sim console API.

const state = {
  channels: [],
  users: [],
  channelId: localStorage.getItem('lineSim.channelId'),
  userId: localStorage.getItem('lineSim.userId'),
  timeline: { friendship: null, entries: [] },
  richMenu: null,
  /** richmenuswitch taps change the menu shown until the page changes user or account */
  shownMenuId: null,
  menuOpen: true,
  liffApps: [],
  deliveries: [],
  lastRender: '',
};

const $ = (id) => document.getElementById(id);

/** Tiny element builder; text always goes through textContent so product messages can't inject HTML. */
const h = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'style') Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
};

const toast = (text, isError = false) => {
  const el = $('toast');
  el.textContent = text;
  el.className = `toast show${isError ? ' error' : ''}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (el.className = 'toast'), 3000);
};

const api = async (method, path, body) => {
  const response = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || `${response.status}`);
  return data;
};

const run = async (work) => {
  try {
    await work();
  } catch (error) {
    toast(error.message, true);
  }
};

const currentChannel = () => state.channels.find((c) => c.channelId === state.channelId);
const currentUser = () => state.users.find((u) => u.userId === state.userId);
const time = (iso) => new Date(iso).toLocaleTimeString('ja-JP', { hour: '2-digit', minute: '2-digit' });

const copyButton = (value) =>
  h(
    'button',
    {
      type: 'button',
      class: 'copy',
      title: 'コピー',
      onclick: () => navigator.clipboard?.writeText(value).then(() => toast('コピーしました')),
    },
    'コピー',
  );

// ---------- data loading ----------

const loadLists = async () => {
  const [{ channels }, { users }] = await Promise.all([
    api('GET', '/_sim/channels'),
    api('GET', '/_sim/users'),
  ]);
  state.channels = channels;
  state.users = users;
  if (!currentChannel()) state.channelId = channels[0]?.channelId ?? null;
  if (!currentUser()) state.userId = users[0]?.userId ?? null;
};

const loadConversation = async () => {
  const channel = currentChannel();
  const user = currentUser();
  if (!channel) {
    state.liffApps = [];
    state.deliveries = [];
  } else {
    const [liff, deliveries] = await Promise.all([
      api('GET', `/_sim/channels/${channel.channelId}/liff-apps`),
      api('GET', `/_sim/channels/${channel.channelId}/deliveries`),
    ]);
    state.liffApps = liff.apps;
    state.deliveries = deliveries.deliveries.slice(-12).reverse();
  }
  if (channel && user) {
    const [timeline, menu] = await Promise.all([
      api('GET', `/_sim/users/${user.userId}/timeline/${channel.channelId}`),
      api('GET', `/_sim/users/${user.userId}/richmenu/${channel.channelId}`),
    ]);
    state.timeline = timeline;
    state.richMenu = menu.richMenu ? menu : null;
    // The bot linked another menu to the user (or unlinked it): that one shows, not a tab switched to before.
    const servedId = menu.richMenu?.richMenuId ?? null;
    if (state.servedMenuId !== undefined && servedId !== state.servedMenuId) state.shownMenuId = null;
    state.servedMenuId = servedId;
    if (state.shownMenuId) {
      const { richMenus } = await api('GET', `/_sim/channels/${channel.channelId}/richmenus`);
      const shown = richMenus.find((m) => m.richMenuId === state.shownMenuId);
      if (shown) state.richMenu = { richMenu: shown, imageUrl: shown.imageUrl, source: 'switch' };
    }
  } else {
    state.timeline = { friendship: null, entries: [] };
    state.richMenu = null;
  }
};

const refresh = async () => {
  await loadLists();
  await loadConversation();
  render();
};

// ---------- actions ----------

const actAsUser = (path, body) => {
  const user = currentUser();
  const channel = currentChannel();
  if (!user || !channel) return Promise.resolve();
  return run(async () => {
    await api('POST', `/_sim/users/${user.userId}/${path}`, body);
    await refresh();
  });
};

const sendText = (text) => actAsUser('messages', { channelId: state.channelId, text });

/** A photo, video, audio or file as the user: the bytes go up as they are, LINE makes the message kind. */
const sendMedia = (file) => {
  const user = currentUser();
  if (!user || !currentChannel()) return Promise.resolve();
  return run(async () => {
    const query = new URLSearchParams({ channelId: state.channelId, fileName: file.name });
    const response = await fetch(`/_sim/users/${user.userId}/media?${query}`, {
      method: 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.message || `${response.status}`);
    await refresh();
  });
};

/** The stickers of LINE's free packages an account may also send (Moon / Brown & Cony). */
const userStickers = [
  ['446', '1988'],
  ['446', '1989'],
  ['446', '1990'],
  ['11537', '52002734'],
  ['11537', '52002735'],
  ['11538', '51626494'],
];
const stickerUrl = (stickerId) =>
  `https://stickershop.line-scdn.net/stickershop/v1/sticker/${stickerId}/android/sticker.png`;
const stickerBubble = (sticker) =>
  h(
    'div',
    { class: 'sticker' },
    h('img', {
      src: stickerUrl(sticker.stickerId),
      alt: `スタンプ（${sticker.packageId} / ${sticker.stickerId}）`,
      onerror: (event) =>
        event.target.replaceWith(`🧸 スタンプ（${sticker.packageId} / ${sticker.stickerId}）`),
    }),
  );

const mediaLabels = { image: '写真', video: '動画', audio: '音声', file: 'ファイル' };
/** What the user sent, as their own phone shows it (from the simulator's copy, not LINE's content API). */
const userMediaBubble = (media) => {
  const src = `/_sim/contents/${encodeURIComponent(media.messageId)}`;
  if (media.type === 'image') return h('div', { class: 'bubble media' }, h('img', { src, alt: '写真' }));
  if (media.type === 'video') return h('div', { class: 'bubble media' }, h('video', { src, controls: true }));
  if (media.type === 'audio') return h('div', { class: 'bubble media' }, h('audio', { src, controls: true }));
  return h(
    'div',
    { class: 'bubble' },
    `📄 ${media.fileName ?? mediaLabels[media.type]}（${Math.max(1, Math.round(media.size / 1024))} KB）`,
  );
};

const liffLaunchUrl = (liffId, path = '') =>
  `/_sim/liff/launch/${encodeURIComponent(liffId)}?userId=${encodeURIComponent(state.userId ?? '')}` +
  (path ? `&path=${encodeURIComponent(path)}` : '');

/** What tapping an action does in LINE, for rich menu areas, template buttons and quick replies. */
const performAction = async (action) => {
  if (!action) return;
  switch (action.type) {
    case 'message':
      return sendText(action.text ?? action.label ?? '');
    case 'postback':
      return actAsUser('postback', {
        channelId: state.channelId,
        data: action.data ?? '',
        displayText: action.displayText ?? action.text,
      });
    case 'uri': {
      const liff = /^https:\/\/liff\.line\.me\/([^/?#]+)(.*)$/.exec(action.uri ?? '');
      window.open(liff ? liffLaunchUrl(liff[1], liff[2]) : action.uri, '_blank', 'noopener');
      return;
    }
    case 'datetimepicker': {
      const mode = action.mode ?? 'datetime';
      const now = new Date();
      const pad = (n) => String(n).padStart(2, '0');
      const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      const clock = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
      const initial =
        action.initial ?? (mode === 'date' ? date : mode === 'time' ? clock : `${date}T${clock}`);
      const value = window.prompt(`${mode} を入力してください`, initial);
      if (!value) return;
      return actAsUser('postback', {
        channelId: state.channelId,
        data: action.data ?? '',
        params: { [mode]: value },
      });
    }
    case 'richmenuswitch':
      return run(async () => {
        const result = await api('POST', `/_sim/users/${state.userId}/richmenu-switch`, {
          channelId: state.channelId,
          richMenuAliasId: action.richMenuAliasId,
          data: action.data ?? '',
        });
        state.shownMenuId = result.richMenuId;
        await refresh();
      });
    case 'clipboard':
      await navigator.clipboard?.writeText(action.clipboardText ?? '');
      return toast('クリップボードにコピーしました');
    default:
      return toast(`「${action.type}」アクションはシミュレーターでは未対応です`, true);
  }
};

// ---------- rendering ----------

const renderPickList = (el, items, selectedId, idOf, draw, onPick, emptyText) => {
  el.replaceChildren(
    ...(items.length
      ? items.map((item) =>
          h(
            'li',
            {},
            h(
              'button',
              {
                type: 'button',
                'aria-pressed': String(idOf(item) === selectedId),
                onclick: () => onPick(idOf(item)),
              },
              ...draw(item),
            ),
          ),
        )
      : [h('li', { class: 'empty' }, emptyText)]),
  );
};

const friendshipChip = (friendship) =>
  friendship === 'friend'
    ? h('span', { class: 'chip friend' }, '友だち')
    : friendship === 'blocked'
      ? h('span', { class: 'chip blocked' }, 'ブロック中')
      : h('span', { class: 'chip' }, '未追加');

const renderLists = () => {
  renderPickList(
    $('channel-list'),
    state.channels,
    state.channelId,
    (c) => c.channelId,
    (c) => [
      h('img', { class: 'avatar', src: c.pictureUrl, alt: '' }),
      h(
        'span',
        {},
        h('span', { class: 'name' }, c.displayName),
        h('span', { class: 'meta' }, `${c.basicId} ・ 友だち ${c.friendCount}人`),
      ),
    ],
    (id) => {
      state.channelId = id;
      state.shownMenuId = null;
      localStorage.setItem('lineSim.channelId', id);
      void run(refresh);
    },
    'アカウントはまだありません',
  );
  renderPickList(
    $('user-list'),
    state.users,
    state.userId,
    (u) => u.userId,
    (u) => [
      h('img', { class: 'avatar', src: u.pictureUrl, alt: '' }),
      h(
        'span',
        {},
        h('span', { class: 'name' }, u.displayName),
        h('span', { class: 'meta mono' }, `${u.userId.slice(0, 13)}…`),
      ),
      state.channelId
        ? friendshipChip(u.friendships.find((f) => f.channelId === state.channelId)?.state ?? null)
        : null,
    ],
    (id) => {
      state.userId = id;
      state.shownMenuId = null;
      localStorage.setItem('lineSim.userId', id);
      void run(refresh);
    },
    'ユーザーはまだいません',
  );
};

const renderHeader = () => {
  const channel = currentChannel();
  const user = currentUser();
  const header = $('chat-header');
  if (!channel || !user) {
    header.replaceChildren(
      h(
        'div',
        { class: 'title' },
        h('strong', {}, 'トーク'),
        h('span', {}, 'アカウントとユーザーを選んでください'),
      ),
    );
    return;
  }
  const friendship = state.timeline.friendship;
  const actions =
    friendship === 'friend'
      ? [
          h(
            'button',
            { type: 'button', class: 'danger', onclick: () => actAsUser(`unfollow/${channel.channelId}`) },
            'ブロック',
          ),
        ]
      : [
          h(
            'button',
            { type: 'button', onclick: () => actAsUser(`follow/${channel.channelId}`) },
            friendship === 'blocked' ? 'ブロック解除' : '友だち追加',
          ),
        ];
  header.replaceChildren(
    h('img', { class: 'avatar', src: channel.pictureUrl, alt: '' }),
    h(
      'div',
      { class: 'title' },
      h('strong', {}, channel.displayName),
      h('span', {}, `${user.displayName} として操作中`),
    ),
    friendshipChip(friendship),
    h('div', { class: 'actions' }, ...actions),
  );
};

const actionButton = (action, className) =>
  h(
    'button',
    { type: 'button', class: className, onclick: () => performAction(action) },
    action.label ?? action.type,
  );

const renderTemplate = (template) => {
  if (template.type === 'carousel' || template.type === 'image_carousel') {
    return h(
      'div',
      { class: 'carousel' },
      ...template.columns.map((column) =>
        h(
          'div',
          { class: 'card' },
          column.thumbnailImageUrl || column.imageUrl
            ? h('img', { src: column.thumbnailImageUrl ?? column.imageUrl, alt: '' })
            : null,
          column.text || column.title
            ? h(
                'div',
                { class: 'body' },
                column.title ? h('strong', {}, column.title) : null,
                column.text ?? '',
              )
            : null,
          h(
            'div',
            { class: 'actions' },
            ...(column.actions ?? [column.action]).filter(Boolean).map((a) => actionButton(a)),
          ),
        ),
      ),
    );
  }
  return h(
    'div',
    { class: 'card' },
    template.thumbnailImageUrl ? h('img', { src: template.thumbnailImageUrl, alt: '' }) : null,
    h('div', { class: 'body' }, template.title ? h('strong', {}, template.title) : null, template.text ?? ''),
    h('div', { class: 'actions' }, ...(template.actions ?? []).map((a) => actionButton(a))),
  );
};

/** Flex components drawn as LINE draws them, roughly: boxes, texts, images, separators and buttons. */
const flexSizes = { xxs: '10px', xs: '11px', sm: '13px', md: '14px', lg: '16px', xl: '18px', xxl: '20px' };
const renderFlexComponent = (node) => {
  if (!node || typeof node !== 'object') return null;
  switch (node.type) {
    case 'box':
      return h(
        'div',
        {
          class: `flex-box ${node.layout ?? 'vertical'}`,
          style: node.backgroundColor ? { background: node.backgroundColor } : {},
          onclick: node.action ? () => performAction(node.action) : undefined,
        },
        ...(node.contents ?? []).map(renderFlexComponent),
      );
    case 'text':
      return h(
        'div',
        {
          class: 'flex-text',
          style: {
            fontSize: flexSizes[node.size] ?? node.size ?? '14px',
            fontWeight: node.weight === 'bold' ? '700' : '400',
            color: node.color ?? 'inherit',
            whiteSpace: node.wrap ? 'pre-wrap' : 'nowrap',
          },
        },
        node.text ?? (node.contents ?? []).map((span) => span.text ?? '').join(''),
      );
    case 'image':
      return h('img', {
        class: 'flex-image',
        src: node.url,
        alt: '',
        style: { aspectRatio: (node.aspectRatio ?? '1:1').replace(':', ' / ') },
        onclick: node.action ? () => performAction(node.action) : undefined,
      });
    case 'separator':
      return h('hr', { class: 'flex-separator' });
    case 'button':
      return actionButton(node.action, `flex-button ${node.style ?? 'link'}`);
    default:
      return null;
  }
};
const renderFlexBubble = (bubble) =>
  h(
    'div',
    { class: 'flex-bubble' },
    ...['header', 'hero', 'body', 'footer'].map((part) =>
      bubble[part] ? h('div', { class: `flex-${part}` }, renderFlexComponent(bubble[part])) : null,
    ),
  );
const renderFlex = (message) => {
  const contents = message.contents ?? {};
  return h(
    'div',
    { class: 'flex-message', 'aria-label': `Flex メッセージ: ${message.altText}` },
    contents.type === 'carousel'
      ? h('div', { class: 'carousel' }, ...(contents.contents ?? []).map(renderFlexBubble))
      : renderFlexBubble(contents),
    jsonDetails('JSON を見る', contents),
  );
};

const jsonDetails = (label, value) =>
  h('details', { class: 'json' }, h('summary', {}, label), h('pre', {}, JSON.stringify(value, null, 2)));

/** Where a link in a message goes: a LIFF URL opens the simulator's LIFF launch, as LINE opens the app. */
const linkTarget = (uri) => {
  const liff = /^https:\/\/liff\.line\.me\/([^/?#\s]+)(\S*)$/.exec(uri);
  return liff ? liffLaunchUrl(liff[1], liff[2]) : uri;
};

/** A message text with its http(s) links tappable, as LINE shows them. */
const linkedText = (text) =>
  String(text ?? '')
    .split(/(https?:\/\/[^\s]+)/g)
    .map((part, index) =>
      index % 2 === 1
        ? h('a', { href: linkTarget(part), target: '_blank', rel: 'noopener', class: 'link' }, part)
        : part,
    );

/**
 * A rich message (imagemap) as LINE shows it: the image (baseUrl/700, as a phone asks for it) with its tap
 * areas; a link area opens its link, a message area sends its text as the user.
 */
const renderImagemap = (message) => {
  const { width, height } = message.baseSize ?? { width: 1040, height: 1040 };
  const pct = (value, of) => `${(value / of) * 100}%`;
  return h(
    'div',
    { class: 'imagemap', role: 'group', 'aria-label': `リッチメッセージ: ${message.altText}` },
    h('img', { src: `${message.baseUrl}/700`, alt: message.altText }),
    ...(message.actions ?? []).map((action, index) =>
      h(
        'button',
        {
          type: 'button',
          class: 'imagemap-area',
          title: action.label ?? action.text ?? action.linkUri ?? '',
          'aria-label': `エリア${index + 1}: ${action.label ?? action.text ?? action.linkUri ?? ''}`,
          style: {
            left: pct(action.area.x, width),
            top: pct(action.area.y, height),
            width: pct(action.area.width, width),
            height: pct(action.area.height, height),
          },
          onclick: () =>
            performAction(
              action.type === 'uri'
                ? { type: 'uri', uri: action.linkUri }
                : action.type === 'message'
                  ? { type: 'message', text: action.text }
                  : action,
            ),
        },
        '',
      ),
    ),
  );
};

const renderBotMessage = (message) => {
  switch (message.type) {
    case 'text':
      return h('div', { class: 'bubble' }, linkedText(message.text));
    case 'textV2':
      return h('div', { class: 'bubble' }, linkedText(message.text));
    case 'image':
      return h(
        'div',
        { class: 'bubble' },
        h('img', { src: message.previewImageUrl ?? message.originalContentUrl, alt: '画像' }),
      );
    case 'sticker':
      return stickerBubble(message);
    case 'location':
      return h('div', { class: 'bubble' }, `📍 ${message.title}\n${message.address}`);
    case 'template':
      return renderTemplate(message.template);
    case 'flex':
      return renderFlex(message);
    case 'imagemap':
      return renderImagemap(message);
    default:
      return h('div', { class: 'bubble' }, `${message.type} メッセージ`, jsonDetails('内容を見る', message));
  }
};

const deliveryTag = (delivery) => {
  if (!delivery) return null;
  if (delivery.status === 'delivered')
    return h('span', { class: 'tag ok' }, `Webhook ✓ ${delivery.lastStatusCode}`);
  if (delivery.status === 'skipped')
    return h('span', { class: 'tag' }, `Webhook 送信なし（${delivery.reason}）`);
  if (delivery.status === 'pending')
    return h(
      'span',
      { class: 'tag wait' },
      `Webhook 再送待ち（${delivery.attempts}回失敗: ${delivery.reason}）`,
    );
  return h('span', { class: 'tag ng' }, `Webhook ✗ ${delivery.reason}`);
};

const viaLabels = {
  push: 'プッシュ',
  reply: '応答',
  multicast: 'マルチキャスト',
  broadcast: 'ブロードキャスト',
};

const renderTimeline = () => {
  const el = $('timeline');
  const channel = currentChannel();
  const user = currentUser();
  if (!channel || !user) {
    el.replaceChildren(
      h(
        'p',
        { class: 'placeholder' },
        !channel ? '左の欄で公式アカウントを作成してください' : '左の欄で LINE ユーザーを作成してください',
      ),
    );
    return;
  }
  const { entries, friendship } = state.timeline;
  if (!entries.length) {
    el.replaceChildren(
      h(
        'p',
        { class: 'placeholder' },
        friendship === 'friend' ? 'メッセージを送ってみましょう' : '「友だち追加」でトークを始めます',
      ),
    );
    return;
  }
  const rows = entries.map((entry) => {
    if (entry.kind === 'follow' || entry.kind === 'unfollow') {
      return h(
        'div',
        { class: 'stack', style: { alignSelf: 'center', alignItems: 'center', maxWidth: '100%' } },
        h(
          'div',
          { class: 'system' },
          entry.kind === 'follow'
            ? `${user.displayName} が友だち追加しました`
            : `${user.displayName} がブロックしました`,
        ),
        h('div', { class: 'stamp' }, deliveryTag(entry.delivery)),
      );
    }
    if (entry.from === 'user') {
      const bubble =
        entry.kind === 'postback'
          ? h(
              'div',
              { class: 'bubble postback' },
              entry.text ? `${entry.text}\n` : '',
              h('span', { class: 'mono' }, `postback: ${entry.data}`),
            )
          : entry.kind === 'media' && entry.media
            ? userMediaBubble(entry.media)
            : entry.kind === 'sticker' && entry.sticker
              ? stickerBubble(entry.sticker)
              : h('div', { class: 'bubble' }, entry.text);
      return h(
        'div',
        { class: 'row user' },
        h(
          'div',
          { class: 'stack' },
          bubble,
          h(
            'div',
            { class: 'stamp' },
            deliveryTag(entry.delivery),
            // LINE's 既読 beside the user's own message, once the account has read it
            entry.readAt ? h('span', { class: 'read', title: time(entry.readAt) }, '既読') : null,
            time(entry.at),
          ),
        ),
      );
    }
    return h(
      'div',
      { class: 'row bot' },
      h('img', { class: 'avatar', src: channel.pictureUrl, alt: '' }),
      h(
        'div',
        { class: 'stack' },
        renderBotMessage(entry.message),
        h(
          'div',
          { class: 'stamp' },
          h('span', { class: 'tag' }, viaLabels[entry.via] ?? entry.via),
          time(entry.at),
        ),
      ),
    );
  });
  el.replaceChildren(...rows);
};

const renderQuickReplies = () => {
  const last = state.timeline.entries.at(-1);
  const items = last?.from === 'bot' ? (last.message?.quickReply?.items ?? []) : [];
  $('quick-replies').replaceChildren(...items.map((item) => actionButton(item.action)));
};

const renderRichMenu = () => {
  const el = $('richmenu');
  const found = state.richMenu;
  if (!found || state.timeline.friendship !== 'friend') {
    el.replaceChildren();
    return;
  }
  const menu = found.richMenu;
  const bar = h(
    'button',
    {
      type: 'button',
      class: 'bar',
      onclick: () => {
        state.menuOpen = !state.menuOpen;
        renderRichMenu();
      },
    },
    `${menu.chatBarText} ${state.menuOpen ? '▼' : '▲'}`,
  );
  if (!state.menuOpen) {
    el.replaceChildren(bar);
    return;
  }
  const stage = h(
    'div',
    { class: 'stage' },
    found.imageUrl
      ? h('img', { src: found.imageUrl, alt: menu.name })
      : h('div', { class: 'note' }, '画像がまだアップロードされていません'),
    ...menu.areas.map((area) =>
      h(
        'button',
        {
          type: 'button',
          class: 'area',
          title: `${area.action.label ?? area.action.type}: ${area.action.data ?? area.action.uri ?? area.action.text ?? area.action.richMenuAliasId ?? ''}`,
          style: {
            left: `${(area.bounds.x / menu.size.width) * 100}%`,
            top: `${(area.bounds.y / menu.size.height) * 100}%`,
            width: `${(area.bounds.width / menu.size.width) * 100}%`,
            height: `${(area.bounds.height / menu.size.height) * 100}%`,
          },
          onclick: () => performAction(area.action),
        },
        h('span', { class: 'area-label' }, area.action.label ?? area.action.type),
      ),
    ),
  );
  // Reserve the menu's height before the image loads, so the chat's scroll position holds.
  stage.style.aspectRatio = `${menu.size.width} / ${menu.size.height}`;
  const source = { user: 'ユーザー個別', default: 'デフォルト', switch: '切り替え後' }[found.source] ?? '';
  el.replaceChildren(
    bar,
    stage,
    h(
      'div',
      { class: 'note' },
      `リッチメニュー「${menu.name}」（${source}）・ 点線の枠をタップするとアクションを送信します`,
    ),
  );
};

const detailRow = (label, value) => [
  h('dt', {}, label),
  h(
    'dd',
    {},
    value ? h('code', { title: value }, value) : h('span', { class: 'empty' }, '未設定'),
    value ? copyButton(value) : null,
  ),
];

const renderDetail = () => {
  const el = $('channel-detail');
  const channel = currentChannel();
  if (!channel) {
    el.replaceChildren(h('p', { class: 'empty' }, 'アカウントを選ぶと ID やシークレットが表示されます'));
    return;
  }
  const webhookInput = h('input', {
    value: channel.webhook.endpoint ?? '',
    placeholder: 'http://127.0.0.1:3000/…',
    'aria-label': 'Webhook URL',
  });
  el.replaceChildren(
    h('div', { class: 'group' }, 'Messaging API チャネル'),
    h(
      'dl',
      {},
      ...detailRow('チャネル ID', channel.channelId),
      ...detailRow('チャネルシークレット', channel.channelSecret),
      ...detailRow('ボットのユーザー ID', channel.botUserId),
      ...detailRow('ベーシック ID', channel.basicId),
      ...detailRow('長期アクセストークン', channel.channelAccessToken),
      ...detailRow('Webhook URL', channel.webhook.endpoint),
    ),
    h(
      'form',
      {
        class: 'webhook-form',
        onsubmit: (event) => {
          event.preventDefault();
          void run(async () => {
            await api('PATCH', `/_sim/channels/${channel.channelId}`, {
              webhookEndpoint: webhookInput.value.trim() || null,
            });
            toast('Webhook URL を保存しました');
            await refresh();
          });
        },
      },
      webhookInput,
      h('button', { type: 'submit', class: 'secondary' }, '保存'),
    ),
    h(
      'label',
      {
        class: 'small',
        style: { display: 'flex', gap: '6px', alignItems: 'center', marginTop: '6px', fontSize: '12px' },
      },
      h('input', {
        type: 'checkbox',
        checked: channel.webhook.active,
        onchange: (event) =>
          run(async () => {
            await api('PATCH', `/_sim/channels/${channel.channelId}`, {
              webhookActive: event.target.checked,
            });
            await refresh();
          }),
      }),
      'Webhook を利用する',
    ),
    h('div', { class: 'group' }, '応答設定'),
    h(
      'label',
      {
        class: 'small',
        style: { display: 'flex', gap: '6px', alignItems: 'center', fontSize: '12px' },
      },
      'チャット',
      h(
        'select',
        {
          'aria-label': 'チャット',
          onchange: (event) =>
            run(async () => {
              // LINE Official Account Manager's 応答設定: chat on (markAsReadMode manual) or Bot (auto)
              await api('PATCH', `/_sim/channels/${channel.channelId}`, { chatMode: event.target.value });
              toast(
                event.target.value === 'chat'
                  ? 'チャットをオンにしました'
                  : 'チャットをオフにしました（Bot）',
              );
              await refresh();
            }),
        },
        ...[
          ['chat', 'オン（チャット・手動で既読）'],
          ['bot', 'オフ（Bot・自動で既読）'],
        ].map(([value, label]) => h('option', { value, selected: channel.chatMode === value }, label)),
      ),
    ),
    h('div', { class: 'group' }, 'メッセージ通数（今月）'),
    h(
      'label',
      {
        class: 'small',
        style: { display: 'flex', gap: '6px', alignItems: 'center', fontSize: '12px' },
      },
      'プラン',
      h(
        'select',
        {
          'aria-label': 'プラン',
          onchange: (event) =>
            run(async () => {
              await api('PATCH', `/_sim/channels/${channel.channelId}`, { quotaPlan: event.target.value });
              toast('プランを変更しました');
              await refresh();
            }),
        },
        ...[
          ['communication', 'コミュニケーション（200通）'],
          ['light', 'ライト（5,000通）'],
          ['standard', 'スタンダード（30,000通）'],
          ['unlimited', '上限なし'],
        ].map(([value, label]) => h('option', { value, selected: channel.quotaPlan === value }, label)),
      ),
      h(
        'span',
        { class: 'meta' },
        `${channel.quota.used.toLocaleString()} / ${
          channel.quota.limit === null ? '上限なし' : `${channel.quota.limit.toLocaleString()}通`
        }`,
      ),
    ),
    channel.loginChannel ? h('div', { class: 'group' }, 'LINE ログインチャネル（LIFF 用）') : null,
    channel.loginChannel
      ? h(
          'dl',
          {},
          ...detailRow('チャネル ID', channel.loginChannel.channelId),
          ...detailRow('チャネルシークレット', channel.loginChannel.channelSecret),
        )
      : null,
  );
};

const renderLiff = () => {
  const el = $('liff-list');
  if (!state.liffApps.length) {
    el.replaceChildren(h('li', { class: 'empty' }, 'LIFF アプリはありません（LIFF API で追加できます）'));
    return;
  }
  el.replaceChildren(
    ...state.liffApps.map((app) =>
      h(
        'li',
        {},
        h(
          'div',
          { class: 'line' },
          h('strong', {}, app.description || app.liffId),
          state.userId
            ? h(
                'a',
                {
                  href: liffLaunchUrl(app.liffId),
                  target: '_blank',
                  rel: 'noopener',
                  title: 'ユーザーとしてログインした状態で開きます',
                },
                '開く',
              )
            : null,
        ),
        h('span', { class: 'small mono' }, `${app.liffId} ・ ${app.view.type}`),
        h('span', { class: 'small' }, app.view.url),
      ),
    ),
  );
};

const statusLabels = { delivered: '成功', failed: '失敗', pending: '再送待ち', skipped: '送信なし' };
const eventLabels = {
  follow: '友だち追加',
  unfollow: 'ブロック',
  message: 'メッセージ',
  postback: 'ポストバック',
};

const renderDeliveries = () => {
  const el = $('delivery-list');
  if (!state.deliveries.length) {
    el.replaceChildren(h('li', { class: 'empty' }, 'まだ配信はありません'));
    return;
  }
  el.replaceChildren(
    ...state.deliveries.map((d) => {
      const last = d.attempts.at(-1);
      const kind =
        d.status === 'delivered' ? 'ok' : d.status === 'failed' ? 'ng' : d.status === 'pending' ? 'wait' : '';
      return h(
        'li',
        {},
        h('span', { class: `tag ${kind}` }, statusLabels[d.status]),
        h('span', {}, d.eventTypes.map((t) => eventLabels[t] ?? t).join('・')),
        h(
          'span',
          { class: 'small' },
          last
            ? `HTTP ${last.statusCode ?? '-'}${d.attempts.length > 1 ? `（${d.attempts.length}回）` : ''}`
            : (d.reason ?? ''),
        ),
        h('span', { class: 'when' }, time(d.createdAt)),
      );
    }),
  );
};

const render = () => {
  const snapshot = JSON.stringify([
    state.channels,
    state.users,
    state.channelId,
    state.userId,
    state.timeline,
    state.richMenu,
    state.liffApps,
    state.deliveries,
    state.menuOpen,
  ]);
  if (snapshot === state.lastRender) return; // polling: leave the DOM (and scroll, focus) alone
  state.lastRender = snapshot;
  renderLists();
  renderHeader();
  renderTimeline();
  renderQuickReplies();
  renderRichMenu();
  renderDetail();
  renderLiff();
  renderDeliveries();
  const ready = Boolean(currentChannel() && currentUser() && state.timeline.friendship === 'friend');
  for (const el of document.querySelectorAll('.composer input, .composer button')) el.disabled = !ready;
  // After the rich menu and quick replies took their height, so the newest message stays visible.
  const timeline = $('timeline');
  timeline.scrollTop = timeline.scrollHeight;
};

// ---------- wiring ----------

$('base-url').textContent = window.location.origin;

$('channel-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $('channel-name');
  void run(async () => {
    const channel = await api('POST', '/_sim/channels', { displayName: input.value.trim() });
    input.value = '';
    state.channelId = channel.channelId;
    localStorage.setItem('lineSim.channelId', channel.channelId);
    toast('アカウントを作成しました');
    await refresh();
  });
});

$('user-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $('user-name');
  void run(async () => {
    const user = await api('POST', '/_sim/users', { displayName: input.value.trim() });
    input.value = '';
    state.userId = user.userId;
    localStorage.setItem('lineSim.userId', user.userId);
    toast('ユーザーを作成しました');
    await refresh();
  });
});

$('composer').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $('message-text');
  const text = input.value;
  if (!text.trim()) return;
  input.value = '';
  void sendText(text).then(() => input.focus());
});

$('media-file').addEventListener('change', (event) => {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (file) void sendMedia(file);
});

$('sticker-button').addEventListener('click', () => {
  const existing = document.getElementById('sticker-palette');
  if (existing) return existing.remove();
  const palette = h(
    'div',
    { id: 'sticker-palette', class: 'sticker-palette', role: 'group', 'aria-label': 'スタンプ' },
    ...userStickers.map(([packageId, stickerId]) =>
      h(
        'button',
        {
          type: 'button',
          'aria-label': `スタンプ ${packageId}/${stickerId}`,
          onclick: () => {
            palette.remove();
            void actAsUser('sticker', { channelId: state.channelId, packageId, stickerId });
          },
        },
        h('img', { src: stickerUrl(stickerId), alt: '', onerror: (e) => e.target.replaceWith(stickerId) }),
      ),
    ),
  );
  $('composer').before(palette);
});

$('postback-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $('postback-data');
  if (!input.value) return;
  void actAsUser('postback', { channelId: state.channelId, data: input.value }).then(
    () => (input.value = ''),
  );
});

void run(refresh);
setInterval(() => void refresh().catch(() => undefined), 1500);
