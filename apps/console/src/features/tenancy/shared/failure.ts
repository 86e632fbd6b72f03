// Moved to components/refusal.ts (the users screens share it); kept until the domain screens import it from there.
export { type Refusal, refusalOf } from '../../../components/refusal.ts';
