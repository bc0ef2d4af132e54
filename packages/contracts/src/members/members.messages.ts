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
