import { failureBodySchema } from './errors.ts';
import { z } from 'zod';

export * from './liff-texts.ts';

/** 422 of any mini-app call whose caller does not (or no longer) follow the store's LINE account. */
export const liffNotFollowingSchema = failureBodySchema.extend({ reason: z.literal('NOT_FOLLOWING') });
export type LiffNotFollowing = z.infer<typeof liffNotFollowingSchema>;
