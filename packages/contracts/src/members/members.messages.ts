/*
 * The member service's enumerations and texts, free of zod: the member mini-app imports this file alone
 * (`@app/contracts/member-texts`) to stay small. members.schemas.ts re-exports it.
 */
import { liffMessages } from '../common/liff-texts.ts';

export const memberAttributeTypes = ['STRING', 'NUMBER', 'DATE', 'RADIO', 'CHECKBOX', 'IMAGE'] as const;
export type MemberAttributeType = (typeof memberAttributeTypes)[number];
/** PUBLIC: asked in the member mini-app; PRIVATE: kept by the store in the back office only. */
export const memberAttributeVisibilities = ['PUBLIC', 'PRIVATE'] as const;
export const memberCodeShowModes = ['QRCODE', 'BARCODE', 'TEXT', 'NONE'] as const;
export type MemberCodeShowMode = (typeof memberCodeShowModes)[number];
/** Why the mini-app cannot show a member card (each has its own screen and SPEC.md 8 text). */
export const memberFailureReasons = [
  'NOT_FOLLOWING',
  'MEMBER_NOT_FOUND',
  'NOT_REGISTERED',
  'REQUIRED_ATTRIBUTES',
] as const;
export type MemberFailureReason = (typeof memberFailureReasons)[number];

export const memberMessages = {
  /** SPEC.md 8, word for word. */
  notFollowing: liffMessages.notFollowing,
  memberNotFound: 'Member not found.',
  notRegistered: 'User is not a registered member.',
  requiredAttributes: 'User has not filled all required attributes.',
  storeNotFound: liffMessages.storeNotFound,
  serviceNotLinked: 'The member service is not linked to this LINE account',
  idTokenRequired: liffMessages.idTokenRequired,
  idTokenInvalid: liffMessages.idTokenInvalid,
  attributeNotFound: 'Member attribute not found',
  labelRequired: 'Label is required',
  labelMax: 'Label cannot exceed 50 characters',
  labelTaken: 'Another attribute of this store has the same label',
  type: 'Type must be one of STRING, NUMBER, DATE, RADIO, CHECKBOX, IMAGE',
  visibility: 'Visibility must be PUBLIC or PRIVATE',
  displayOrder: 'displayOrder must be an integer of 0 or more',
  internalNameMax: 'internalName cannot exceed 50 characters',
  boolean: 'Must be true or false',
  choicesRequired: 'A RADIO or CHECKBOX attribute needs at least one choice',
  choicesNotAllowed: 'Only RADIO and CHECKBOX attributes have choices',
  choiceValueRequired: 'Choice value is required',
  choiceValueMax: 'Choice value cannot exceed 100 characters',
  choiceDuplicate: 'Choice values must be unique',
  choiceNotFound: 'Choice not found',
  choiceInUse: 'A choice chosen by members cannot be removed',
  typeChangeInUse: 'The type of an attribute with member values cannot be changed',
  notDeletable: 'This attribute is marked as not deletable',
  deleteInUse: 'This attribute has member values and cannot be deleted',
  orderIds: 'attributeIds must list every attribute of the store exactly once',
  showMode: 'memberCodeShowMode must be one of QRCODE, BARCODE, TEXT, NONE',
  entriesRequired: 'The registration body must be a list of entries',
  entryShape: 'Each entry needs attributeId plus either attributeChoiceIds, value or numberValue',
  entryDuplicate: 'Each attribute may be sent once',
  entryUnknown: 'This attribute is not part of the registration form',
  valueWrongKind: 'This attribute does not take this kind of value',
  stringMax: 'Text cannot exceed 500 characters',
  numberValue: 'numberValue must be a number',
  /** SPEC.md 5. */
  invalidDate: 'Invalid date string',
  radioOne: 'Choose exactly one option',
  checkboxChoices: 'Choose from the listed options',
  imageValue: 'Upload the image first',
  imageType: 'The image must be a JPEG, PNG or WebP file',
  imageTooLarge: 'The image cannot exceed 5 MB',
  imageUnreadable: 'The file is not an image that can be read',
  imageNotFound: 'Image not found',
  /** Upload limits (issue 24): per friend an hour, per friend held, per store an hour. */
  imageRateLimited: '画像のアップロードが多すぎます。しばらく時間をおいてからお試しください',
  imageQuotaFull: 'アップロードできる画像の上限に達しました。不要な画像を削除してからお試しください',
  required: 'This field is required',
  order: 'order must be ASC or DESC',
  sort: 'sort must be createdAt, updatedAt, memberCode, status, displayName or an attribute id',
  lineAccountIdRequired: 'lineAccountId is required',
  remarksMax: 'Remarks cannot exceed 1000 characters',
  status: 'Status must be ACTIVE or INACTIVE',
  searchMax: 'Search cannot exceed 100 characters',
  conditionRange:
    'min and max must be numbers for a NUMBER attribute and YYYY-MM-DD days for a DATE attribute',
} as const;

/** The member card that earns (issue 33): programme kinds, ledger kinds and their texts. */
export const memberProgramKinds = ['POINTS', 'STAMPS'] as const;
export type MemberProgramKind = (typeof memberProgramKinds)[number];
export const memberRoundings = ['FLOOR', 'ROUND', 'CEIL'] as const;
/** What a rank's threshold counts: points earned in the last 12 months (Japan time), or visits in them. */
export const memberRankBases = ['POINTS_12M', 'VISITS_12M'] as const;
/** A ledger row: a visit, points for an amount, a reward redeemed, points expired, or a reversal of one. */
export const memberLedgerKinds = ['VISIT', 'PURCHASE', 'REDEEM', 'EXPIRE', 'REVERSAL', 'COUPON'] as const;
export type MemberLedgerKind = (typeof memberLedgerKinds)[number];
export const memberCounterActions = ['VISIT', 'PURCHASE', 'REDEEM'] as const;
export type MemberCounterAction = (typeof memberCounterActions)[number];

export const memberCardMessages = {
  programNotSet: 'The store has no point or stamp programme yet',
  kind: 'kind must be POINTS or STAMPS',
  rounding: 'rounding must be FLOOR, ROUND or CEIL',
  rankBasis: 'rankBasis must be POINTS_12M or VISITS_12M',
  wholeNumber: 'Must be a whole number of 0 or more',
  pointsPerYen: 'pointsPerYen must be a number from 0 to 1 (e.g. 0.01: 1 point per ¥100)',
  expiryMonths: 'expiryMonths must be a whole number from 1 to 120, or null (points do not expire)',
  stampsForReward: 'stampsForReward must be a whole number from 1 to 100',
  earnsNothing: 'A points programme must earn something: points per visit or points per yen',
  rewardName: 'The reward name is required and cannot exceed 50 characters',
  rankName: 'A rank name is required and cannot exceed 30 characters',
  rankBenefits: 'Benefits cannot exceed 500 characters',
  rankMessage: 'A rank message cannot exceed 5000 characters',
  ranksOrder: 'Ranks must start at threshold 0 and rise strictly, with distinct names (at most 10)',
  memberCode: 'Member code must be 1 to 20 digits',
  cardNotFound: 'No member of this store has this code',
  memberInactive: 'This member is switched off: switch them on in the member list first',
  action: 'action must be VISIT, PURCHASE or REDEEM',
  amountRequired: 'amountYen is required for a purchase: a whole number of yen from 1 to 10,000,000',
  amountNotAllowed: 'amountYen is only for a purchase',
  reasonMax: 'Reason cannot exceed 200 characters',
  stampTooSoon: 'A stamp was given too recently: the programme sets a minimum interval between stamps',
  notEnoughPoints: 'Not enough points for the reward',
  notEnoughStamps: 'Not enough stamps for the reward',
  purchaseOnStamps: 'A stamp card earns per visit, not per amount',
  entryNotFound: 'Ledger entry not found',
  alreadyReversed: 'This entry has already been reversed',
  reversalOfReversal: 'A reversal cannot itself be reversed: add a new entry instead',
  reversalOfExpiry: 'Expired points cannot be reversed',
  reversalOverdraws: 'Reversing this entry would take the balance below zero',
} as const;

/** Coupons of the member card (issue 33): kinds and texts (here, without zod, for the mini-app's bundle). */
export const couponKinds = ['AMOUNT', 'PERCENT', 'FREE_ITEM'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const couponMessages = {
  notFound: 'Coupon not found',
  name: 'A coupon name is required and cannot exceed 40 characters',
  kind: 'kind must be AMOUNT, PERCENT or FREE_ITEM',
  amount: 'A discount in yen must be a whole number from 1 to 1,000,000',
  percent: 'A discount in percent must be a whole number from 1 to 100',
  itemText: 'The free item is required for a free-item coupon and cannot exceed 60 characters',
  description: 'The description cannot exceed 300 characters',
  imageUrl: "A coupon's image must be an https URL of at most 2000 characters",
  validity: 'The validity must end on or after the day it starts',
  perMemberLimit: 'The limit per member must be a whole number from 1 to 100',
  totalLimit: 'The total limit must be a whole number from 1 to 1,000,000, or empty (no limit)',
  totalBelowClaimed: 'The total limit cannot be below the number already claimed',
  disabled: 'This coupon is no longer offered',
  notStarted: 'This coupon cannot be claimed yet',
  expired: 'This coupon has expired',
  perMemberReached: 'You have already claimed this coupon as many times as allowed',
  totalReached: 'This coupon has run out',
  claimNotFound: 'This member holds no such coupon',
  alreadyUsed: 'This coupon has already been used',
  expiredAtCounter: 'This coupon has expired and cannot be used',
  inMessageNotFound: 'The coupon of this message is not one of this account',
} as const;
