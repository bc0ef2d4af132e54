import { friendEndpoints, groupChatEndpoints, inboxEndpoints, tagEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import * as friends from './friends.service.ts';
import * as groups from './groups.service.ts';
import * as media from './message-media.ts';
import * as inbox from './inbox.service.ts';
import { openInboxStream } from './inbox.stream.ts';
import type { FriendDirectories } from './service-users.ts';
import * as tags from './tags.service.ts';

/**
 * Friends, manager notes, one-to-one messages (client area) and the friend search. `directories`: which
 * friends are shift staff and members, from those modules (src/composition.ts).
 */
export function friendRoutes(app: FastifyInstance, directories: FriendDirectories) {
  const e = friendEndpoints;
  route(app, e.list, async ({ params, query }, { ctx }) =>
    friends.listFriendsOfAccount({ ctx, directories, input: { ...params, ...query } }),
  );
  route(app, e.get, async ({ params }, { ctx }) => friends.getFriend({ ctx, directories, input: params }));
  route(app, e.refreshProfile, async ({ params }, { ctx }) =>
    friends.refreshFriendProfile({ ctx, directories, input: params }),
  );
  route(app, e.setManagerNote, async ({ params, body }, { ctx }) =>
    friends.setFriendManagerNote({ ctx, directories, input: { ...params, ...body } }),
  );
  route(app, e.listMessages, async ({ params, query }, { ctx }) =>
    friends.listFriendMessages({ ctx, input: { ...params, ...query } }),
  );
  route(app, e.sendMessage, async ({ params, body }, { ctx }) =>
    friends.sendFriendMessage({ ctx, directories, input: { ...params, ...body } }),
  );
  // what a friend sent, as fetched from LINE: private to the client, never sniffed or run as a page
  route(app, e.messageContent, async ({ params }, { ctx }, reply) => {
    const file = await media.getMessageContent({ ctx, input: params });
    void reply
      .type(file.contentType)
      .header('content-disposition', file.disposition)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return file.data;
  });
  route(app, e.search, async ({ params, body }, { ctx }) =>
    friends.searchFriends({ ctx, directories, input: { ...params, ...body } }),
  );
  const i = inboxEndpoints;
  route(app, i.list, async ({ params, query }, { ctx }) =>
    inbox.listInbox({ ctx, input: { ...params, ...query } }),
  );
  route(app, i.get, async ({ params }, { ctx }) =>
    inbox.getConversation({ ctx, directories, input: params }),
  );
  route(app, i.markRead, async ({ params }, { ctx }) =>
    inbox.markConversationRead({ ctx, directories, input: params }),
  );
  route(app, i.markUnread, async ({ params }, { ctx }) =>
    inbox.markConversationUnread({ ctx, directories, input: params }),
  );
  route(app, i.update, async ({ params, body }, { ctx }) =>
    inbox.updateConversationOf({ ctx, directories, input: { ...params, ...body } }),
  );
  route(app, i.assignees, async ({ params }, { ctx }) => inbox.listInboxAssignees({ ctx, input: params }));
  route(app, i.unread, async ({ query }, { ctx }) => inbox.countInboxUnread({ ctx, input: query }));
  route(app, i.stream, async ({ params }, { ctx }, reply) => {
    await openInboxStream({ ctx, input: params }, reply);
    return reply as never; // hijacked: Fastify sends nothing more
  });
  const gc = groupChatEndpoints;
  route(app, gc.list, async ({ params, query }, { ctx }) =>
    groups.listGroupChats({ ctx, input: { ...params, ...query } }),
  );
  route(app, gc.get, async ({ params }, { ctx }) => groups.getGroupChat({ ctx, input: params }));
  route(app, gc.markRead, async ({ params }, { ctx }) => groups.markGroupChatRead({ ctx, input: params }));
  route(app, gc.update, async ({ params, body }, { ctx }) =>
    groups.updateGroupChat({ ctx, input: { ...params, ...body } }),
  );
  route(app, gc.listMessages, async ({ params, query }, { ctx }) =>
    groups.listGroupChatMessages({ ctx, input: { ...params, ...query } }),
  );
  route(app, gc.sendMessage, async ({ params, body }, { ctx }) =>
    groups.sendGroupChatMessage({ ctx, input: { ...params, ...body } }),
  );
  const g = tagEndpoints;
  route(app, g.list, async ({ params }, { ctx }) => tags.listTags({ ctx, input: params }));
  route(app, g.create, async ({ params, body }, { ctx }) =>
    tags.createTag({ ctx, input: { ...params, ...body } }),
  );
  route(app, g.update, async ({ params, body }, { ctx }) =>
    tags.updateTagOfAccount({ ctx, input: { ...params, ...body } }),
  );
  route(app, g.remove, async ({ params }, { ctx }) => tags.removeTag({ ctx, directories, input: params }));
  route(app, g.createFolder, async ({ params, body }, { ctx }) =>
    tags.createTagFolder({ ctx, input: { ...params, ...body } }),
  );
  route(app, g.removeFolder, async ({ params }, { ctx }) => tags.removeTagFolder({ ctx, input: params }));
  route(app, g.tagFriends, async ({ params, body }, { ctx }) =>
    tags.tagFriends({ ctx, directories, input: { ...params, ...body } }),
  );
}
