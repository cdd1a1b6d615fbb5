import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection } from './info-page';

export function PrivacyPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Privacy policy"
      lede="We collect only what we need to run your orders and answer your questions, and we never sell your data."
    >
      <InfoSection title="Who we are">
        <p>
          Forge Nutrition is a Canadian online retailer of sports-nutrition supplements based in
          Ontario. We handle personal information in line with the Personal Information Protection
          and Electronic Documents Act (PIPEDA).
        </p>
      </InfoSection>
      <InfoSection title="What we collect">
        <ul>
          <li>Account details: your name, e-mail address and a securely hashed password.</li>
          <li>Order details: shipping address, phone number, the products you buy and totals.</li>
          <li>Messages you send us through the contact and consultancy forms.</li>
          <li>The e-mail address you give us to receive a discount code.</li>
        </ul>
        <p>
          Card numbers go straight to our payment provider and never touch our servers; we only
          store the payment status and the last four digits for your receipts.
        </p>
      </InfoSection>
      <InfoSection title="Cookies and storage">
        <p>
          We use one essential cookie to keep you signed in, and your browser's storage to remember
          your guest cart and whether you have seen our discount offer. We do not use advertising or
          cross-site tracking cookies.
        </p>
      </InfoSection>
      <InfoSection title="How we use it">
        <p>
          To process and ship orders, send order confirmations and discount codes you ask for, reply
          to your messages, and meet our tax and accounting obligations. We share information only
          with the carriers, payment provider and e-mail service that do this work for us, and only
          what each needs.
        </p>
      </InfoSection>
      <InfoSection title="How long we keep it">
        <p>
          Order records are kept for seven years, as Canadian tax law requires. Messages and
          discount requests are deleted after two years. You can close your account at any time.
        </p>
      </InfoSection>
      <InfoSection title="Your rights">
        <p>
          You can ask to see, correct or delete the personal information we hold about you, or
          withdraw your consent to e-mail. <Link to="/contact">Contact us</Link> and we will answer
          within 30 days. If you are not satisfied, you may complain to the Office of the Privacy
          Commissioner of Canada.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
