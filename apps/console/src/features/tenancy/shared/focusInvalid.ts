// Moved to components/ (the users form shares it); kept until the domain screens import it from there.
export { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
