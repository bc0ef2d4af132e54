/** The notifications module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export { createSetting, listSettings, notificationGroupRecipients } from './notifications.service.ts';
