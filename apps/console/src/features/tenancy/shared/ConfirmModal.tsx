// Moved to components/ (the users screens share it); kept until the domain screens import it from there.
export { ConfirmModal } from '../../../components/ConfirmModal.tsx';
