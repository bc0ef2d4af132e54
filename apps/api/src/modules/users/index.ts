/** The users module's door: what other modules may use (STYLE.md "Door"). */
export {
  findUserByEmail,
  getUserOrThrow,
  isEmailInUse,
  toUserView,
  updateUser as updateUserRow,
  userNamesOf,
  clientUserChoices,
  type UserRow,
} from './users.repository.ts';
export {
  createClientOwner,
  createFirstMaster,
  FIRST_MASTER_LINK_HOURS,
  sendEmailVerification,
  tellKnownAddressOfSignup,
} from './users.service.ts';
