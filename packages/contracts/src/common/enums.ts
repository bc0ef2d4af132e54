import { z } from 'zod';

export const roles = ['MASTER', 'AGENCY', 'CLIENT'] as const;
export const roleSchema = z.enum(roles, { error: 'Role must be one of MASTER, AGENCY, CLIENT' });
export type Role = z.infer<typeof roleSchema>;

export const positions = ['OWNER', 'MANAGER', 'STAFF'] as const;
export const positionSchema = z.enum(positions, {
  error: 'Position must be one of OWNER, MANAGER, STAFF',
});
export type Position = z.infer<typeof positionSchema>;

export const rolePositions = roles.flatMap((r) => positions.map((p) => `${r}_${p}` as const));
export type RolePosition = `${Role}_${Position}`;
export const rolePosition = (role: Role, position: Position): RolePosition => `${role}_${position}`;

export const contractStatuses = [
  'DRAFT',
  'PENDING_APPROVAL',
  'ACTIVE',
  'SUSPENDED',
  'CANCELLED',
  'DISABLED',
] as const;
export const contractStatusSchema = z.enum(contractStatuses);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

export const paymentStatuses = ['ACTIVE', 'INACTIVE', 'CLOSED', 'PENDING'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const announcementStatuses = ['DRAFT', 'PUBLISHED', 'ARCHIVED', 'SCHEDULED'] as const;
export const announcementTypes = ['ANNOUNCEMENT', 'MAINTENANCE', 'UPDATE', 'ACCIDENT'] as const;
export const operationScopes = ['BACK_OFFICE', 'FRONT_OFFICE'] as const;
export const serviceCodes = ['KS-001', 'KS-002'] as const;
export const linkStatuses = ['ACTIVE', 'INACTIVE'] as const;
export const storeStatuses = ['ACTIVE', 'INACTIVE', 'PENDING', 'CLOSED'] as const;
export const memberStatuses = ['ACTIVE', 'INACTIVE'] as const;
export const staffStatuses = ['PENDING', 'APPROVED'] as const;
export const scheduleStatuses = ['DRAFT', 'PUBLISHED'] as const;
export const staffShiftStatuses = ['REQUEST', 'DRAFT', 'APPROVED'] as const;
export const transactionStatuses = ['COMPLETED', 'PENDING', 'FAILED'] as const;
export const notificationTopics = [
  'SHIFT_SUBMITTED',
  'SHIFT_EDITED',
  'SHIFT_SUBMISSION_REMIND',
  'SHIFT_SUBMISSION_COMPLETE',
  'SHIFT_CONFIRMED',
  'NEW_FRIEND',
  'LINE_UNBLOCK_EVENT',
  'MEMBERSHIP_REGISTRATION',
  'SHIFT_MEMBER_STAFF_APPROVED',
  'MEMBER_RANK_CHANGED',
] as const;
/**
 * The domain events' topics: SPEC.md 4's notification topics, and those only modules react to (no one is
 * notified of them): FRIEND_TAGGED, tags newly put on friends (step delivery's タグ付与時 trigger), and
 * FRIEND_TAG_REMOVED, tags taken off friends (the rich menu per tag, decision 0059).
 */
export const domainTopics = [...notificationTopics, 'FRIEND_TAGGED', 'FRIEND_TAG_REMOVED'] as const;
