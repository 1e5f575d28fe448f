// The profile feature's public surface for other features (the client portal's profile page).
export { ProfileModal } from './profile-modal.tsx';
