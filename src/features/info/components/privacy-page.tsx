import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection } from './info-page';

export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <InfoPage
      eyebrow={t`Policies`}
      title={t`Privacy policy`}
      lede={
        <Trans>
          We collect only what we need to run your orders and answer your questions, and we never
          sell your data.
        </Trans>
      }
    >
      <InfoSection title={t`Who we are`}>
        <p>
          <Trans>
            Forge Nutrition is a Canadian online retailer of sports-nutrition supplements based in
            Ontario. We handle personal information in line with the Personal Information Protection
            and Electronic Documents Act (PIPEDA).
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`What we collect`}>
        <ul>
          <li>
            <Trans>
              Account details: your name, e-mail address and a securely hashed password.
            </Trans>
          </li>
          <li>
            <Trans>
              Order details: shipping address, phone number, the products you buy and totals.
            </Trans>
          </li>
          <li>
            <Trans>Messages you send us through the contact and consultancy forms.</Trans>
          </li>
          <li>
            <Trans>The e-mail address you give us to receive a discount code.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Card numbers go straight to our payment provider and never touch our servers; we only
            store the payment status and the last four digits for your receipts.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Cookies and storage`}>
        <p>
          <Trans>
            We use one essential cookie to keep you signed in, and your browser's storage to
            remember your guest cart and whether you have seen our discount offer. We do not use
            advertising or cross-site tracking cookies.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`How we use it`}>
        <p>
          <Trans>
            To process and ship orders, send order confirmations and discount codes you ask for,
            reply to your messages, and meet our tax and accounting obligations. We share
            information only with the carriers, payment provider and e-mail service that do this
            work for us, and only what each needs.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`How long we keep it`}>
        <p>
          <Trans>
            Order records are kept for seven years, as Canadian tax law requires. Messages and
            discount requests are deleted after two years. You can close your account at any time.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Your rights`}>
        <p>
          <Trans>
            You can ask to see, correct or delete the personal information we hold about you, or
            withdraw your consent to e-mail. <Link to="/contact">Contact us</Link> and we will
            answer within 30 days. If you are not satisfied, you may complain to the Office of the
            Privacy Commissioner of Canada.
          </Trans>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
