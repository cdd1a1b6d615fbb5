import { CONTACT_SUCCESS_MESSAGE, MESSAGE_MAX } from '../../../../contract/engagement-rules.ts';
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
  return (
    <main id="main" className={styles.page}>
      <header className={styles.banner}>
        <div className={styles.bannerInner}>
          <p className={styles.eyebrow}>Contact us</p>
          <h1 className={styles.title}>We are here to help</h1>
          <p className={styles.lede}>
            Questions about a product, an order or what to take for your goal? Send us a message and
            a real person replies within one to two business days.
          </p>
        </div>
      </header>
      <div className={styles.layout}>
        <aside className={styles.details} aria-label="Other ways to reach us">
          <section>
            <h2 className={styles.detailTitle}>Visit or write</h2>
            <address className={styles.address}>
              Forge Nutrition
              <br />
              412 King Street West, Unit 3
              <br />
              Toronto, Ontario M5V 1K2, Canada
            </address>
          </section>
          <section>
            <h2 className={styles.detailTitle}>E-mail</h2>
            <p>
              <a href="mailto:hello@forgenutrition.ca">hello@forgenutrition.ca</a>
            </p>
          </section>
          <section>
            <h2 className={styles.detailTitle}>Hours</h2>
            <p>
              Monday to Friday, 9 a.m. – 6 p.m. Eastern
              <br />
              Saturday, 10 a.m. – 4 p.m. Eastern
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
  const form = useSchemaForm(loadContactBody, EMPTY);
  const send = useSendContactMessage();
  const { failure, onSubmit, sent, sentRef, again } = useSendForm(form, send, {
    sent: CONTACT_SUCCESS_MESSAGE,
    failed: 'Your message could not be sent. Please try again.',
  });

  if (sent) {
    return (
      <section className={styles.card} aria-labelledby="contact-sent" ref={sentRef} tabIndex={-1}>
        <h2 id="contact-sent" className={styles.cardTitle}>
          Message sent
        </h2>
        <p role="status">{sent}</p>
        <Button variant="outline" onClick={again}>
          Send another message
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
        Send us a message
      </h2>
      <div className={styles.row}>
        <TextField label="Name" autoComplete="name" disabled={sending} {...form.field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          disabled={sending}
          {...form.field('email')}
        />
      </div>
      <TextField label="Subject" disabled={sending} {...form.field('subject')} />
      <TextField
        label="Message"
        multiline
        rows={6}
        maxLength={MESSAGE_MAX}
        disabled={sending}
        {...form.field('message')}
      />
      <FormFailure message={failure} />
      <Button type="submit" loading={sending} className={styles.submit}>
        {sending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
