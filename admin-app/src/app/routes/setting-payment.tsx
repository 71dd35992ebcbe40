import { PaymentDetailsPage } from '@/features/settlement/components/payment-details-page';

export default PaymentDetailsPage;
