/** The automation module's door: what other modules and the demo seed may use (STYLE.md "Door"). */
export { getGreeting, setGreeting } from './automation.service.ts';
