import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_MAX } from '../../../../contract/engagement-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSendForm } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useSendContactMessage } from '../api/send-contact.ts';
import styles from './contact-page.module.css';

const loadContactBody = () =>
  import('../../../../contract/engagement.ts').then((rules) => rules.contactBody);

export function ContactPage() {
  const { t } = useLingui();
  return (
    <main id="main" className={styles.page}>
      <header className={styles.banner}>
        <div className={styles.bannerInner}>
          <p className={styles.eyebrow}>
            <Trans>Contact us</Trans>
          </p>
          <h1 className={styles.title}>
            <Trans>We are here to help</Trans>
          </h1>
          <p className={styles.lede}>
            <Trans>
              Questions about a product, an order or what to take for your goal? Send us a message
              and a real person replies within one to two business days.
            </Trans>
          </p>
        </div>
      </header>
      <div className={styles.layout}>
        <aside className={styles.details} aria-label={t`Other ways to reach us`}>
          <section>
            <h2 className={styles.detailTitle}>
              <Trans>Visit or write</Trans>
            </h2>
            <address className={styles.address}>
              Forge Nutrition
              <br />
              412 King Street West, Unit 3
              <br />
              Toronto, Ontario M5V 1K2, Canada
            </address>
          </section>
          <section>
            <h2 className={styles.detailTitle}>
              <Trans>E-mail</Trans>
            </h2>
            <p>
              <a href="mailto:hello@forgenutrition.ca">hello@forgenutrition.ca</a>
            </p>
          </section>
          <section>
            <h2 className={styles.detailTitle}>
              <Trans>Hours</Trans>
            </h2>
            <p>
              <Trans>Monday to Friday, 9 a.m. – 6 p.m. Eastern</Trans>
              <br />
              <Trans>Saturday, 10 a.m. – 4 p.m. Eastern</Trans>
            </p>
          </section>
        </aside>
        <ContactForm />
      </div>
    </main>
  );
}

const EMPTY = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const { t } = useLingui();
  const form = useSchemaForm(loadContactBody, EMPTY);
  const send = useSendContactMessage();
  const { failure, onSubmit, sent, sentRef, again } = useSendForm(form, send, {
    sent: t`Thanks for your message! We have e-mailed you a confirmation and will reply within 1–2 business days.`,
    failed: t`Your message could not be sent. Please try again.`,
  });

  if (sent) {
    return (
      <section className={styles.card} aria-labelledby="contact-sent" ref={sentRef} tabIndex={-1}>
        <h2 id="contact-sent" className={styles.cardTitle}>
          <Trans>Message sent</Trans>
        </h2>
        <p role="status">{sent}</p>
        <Button variant="outline" onClick={again}>
          <Trans>Send another message</Trans>
        </Button>
      </section>
    );
  }

  const sending = send.isPending;
  return (
    <form
      className={styles.card}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className={styles.cardTitle}>
        <Trans>Send us a message</Trans>
      </h2>
      <div className={styles.row}>
        <TextField label={t`Name`} autoComplete="name" disabled={sending} {...form.field('name')} />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          disabled={sending}
          {...form.field('email')}
        />
      </div>
      <TextField label={t`Subject`} disabled={sending} {...form.field('subject')} />
      <TextField
        label={t`Message`}
        multiline
        rows={6}
        maxLength={MESSAGE_MAX}
        disabled={sending}
        {...form.field('message')}
      />
      <FormFailure message={failure} />
      <Button type="submit" loading={sending} className={styles.submit}>
        {sending ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
      </Button>
    </form>
  );
}
