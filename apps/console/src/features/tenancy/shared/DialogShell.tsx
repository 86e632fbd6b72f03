// Moved to components/ (the users screens share it); kept until the domain screens import it from there.
export { DialogShell } from '../../../components/DialogShell.tsx';
