import { CreateSessionPage } from '@/features/create-session/components/create-session-page';

export default CreateSessionPage;
