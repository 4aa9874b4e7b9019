// What other folders may use of users/: its face (docs/architecture.md#the-apis-floors). Import users/ only from here.
export { AccountLanguages, I18nModule } from './account-languages.js';
export { refuseWeakPassword } from './password-strength.js';
export { OWASP_MINIMUM_COST, dummyHash, hashPassword, verifyPassword, type PasswordHashCost } from './password.js';
export {
  accountVerifiedSql,
  activeAdminsWithLanguage,
  isAccountVerified,
  customerRefsByIds,
  emailOf,
  insertUserUnlessTaken,
  lockActiveAdmins,
  lockUser,
  lockedAvatarOf,
  namesAndAvatarsByIds,
  otherUserWithEmail,
  passwordProvedNow,
  updateUser,
  userByEmail,
  userByGoogleSub,
  userById,
  userByVerifiedMobile,
  type NewUser,
} from './users.repository.js';
export {
  noticeConsentsOf,
  noticeConsentsAndProofOf,
  noticeReachOf,
  noticeTargetOf,
  stopNotices,
  stopWhatsappUpdatesTo,
  storeNoticeConsents,
  type NoticeReach,
  type NoticeTarget,
} from './notice-consents.js';
export type { UserRow } from './users.table.js';
