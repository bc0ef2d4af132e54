/** The announcements module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export { countUnreadAnnouncements, createAnnouncement, listAnnouncements } from './announcements.service.ts';
