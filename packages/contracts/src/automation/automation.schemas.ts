import { z } from 'zod';
import { deliveryMessageSchema } from '../deliveries/deliveries.schemas.ts';

export const automationMessages = {
  greetingMessages: 'A greeting has at most 5 messages',
} as const;

const greetingMessageList = z
  .array(deliveryMessageSchema, { error: automationMessages.greetingMessages })
  .max(5, automationMessages.greetingMessages);

/**
 * あいさつメッセージ of a LINE account: sent when a friend follows, with the follow event's reply token
 * (free); empty lists send nothing. A new friend and one who unblocks get their own messages.
 */
export const greetingSchema = z.object({
  newFriendMessages: z.array(deliveryMessageSchema),
  unblockMessages: z.array(deliveryMessageSchema),
  updatedAt: z.string().nullable(),
});
export type Greeting = z.infer<typeof greetingSchema>;

export const greetingBodySchema = z.object({
  newFriendMessages: greetingMessageList,
  unblockMessages: greetingMessageList,
});
export type GreetingBody = z.input<typeof greetingBodySchema>;
