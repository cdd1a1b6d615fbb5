import {
  CONSULTATION_GOALS,
  CONSULTATION_HOURS,
  CONSULTATION_SUCCESS_MESSAGE,
  EXPERIENCE_LEVELS,
  shopToday,
} from '../../../../contract/engagement-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSendForm } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useBookConsultation } from '../api/book-consultation.ts';
import styles from './consultancy-page.module.css';
import { SelectField } from './select-field.tsx';

const loadConsultationBody = () =>
  import('../../../../contract/engagement.ts').then((rules) => rules.consultationBody);

const STEPS = [
  {
    title: 'Tell us your goal',
    text: 'Build muscle, lean out, train for a race or simply feel better — share where you are and where you want to be.',
  },
  {
    title: 'Talk to a coach',
    text: 'A 30-minute video or phone call with one of our certified coaches or our registered dietitian. Free, no strings attached.',
  },
  {
    title: 'Get your plan',
    text: 'A written summary with what to take, when and how much — and what you can skip. Only what your goal needs.',
  },
];

export function ConsultancyPage() {
  return (
    <main id="main" className={styles.page}>
      <section className={styles.hero} aria-labelledby="consultancy-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>Free consultation</p>
          <h1 id="consultancy-title" className={styles.title}>
            Your supplements, planned by a coach
          </h1>
          <p className={styles.lede}>
            Stop guessing at the supplement shelf. Book a free 30-minute consultation and leave with
            a plan built around your training, your diet and your budget.
          </p>
          <a href="#book" className={styles.cta}>
            Book your free consultation
          </a>
        </div>
      </section>
      <section className={styles.steps} aria-labelledby="how-it-works">
        <h2 id="how-it-works" className={styles.sectionTitle}>
          How it works
        </h2>
        <ol className={styles.stepList}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section id="book" className={styles.book} aria-labelledby="book-title" tabIndex={-1}>
        <div className={styles.bookIntro}>
          <h2 id="book-title" className={styles.sectionTitle}>
            Book a consultation
          </h2>
          <p>
            Pick a day and a time that suits you between {CONSULTATION_HOURS.opens} and{' '}
            {CONSULTATION_HOURS.closes} Eastern time. We confirm by e-mail within one business day.
          </p>
        </div>
        <BookingForm />
      </section>
    </main>
  );
}

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  goal: '',
  experienceLevel: '',
  preferredDate: '',
  preferredTime: '',
  message: '',
};

function tomorrow(): string {
  const at = new Date(`${shopToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

export function BookingForm() {
  const form = useSchemaForm(loadConsultationBody, EMPTY);
  const book = useBookConsultation();
  const {
    failure,
    onSubmit,
    sent: booked,
    sentRef,
    again,
  } = useSendForm(form, book, {
    sent: CONSULTATION_SUCCESS_MESSAGE,
    failed: 'Your consultation could not be booked. Please try again.',
  });

  if (booked) {
    return (
      <div className={styles.card} ref={sentRef} tabIndex={-1}>
        <h3 className={styles.cardTitle}>You are booked in</h3>
        <p role="status">{booked}</p>
        <Button variant="outline" onClick={again}>
          Book another consultation
        </Button>
      </div>
    );
  }

  const sending = book.isPending;
  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-label="Consultation booking">
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
      <div className={styles.row}>
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          disabled={sending}
          {...form.field('phone')}
        />
        <SelectField
          label="Your goal"
          placeholder="Choose a goal"
          options={CONSULTATION_GOALS}
          disabled={sending}
          {...form.field('goal')}
        />
      </div>
      <SelectField
        label="Training experience"
        placeholder="Choose your level"
        options={EXPERIENCE_LEVELS}
        disabled={sending}
        {...form.field('experienceLevel')}
      />
      <div className={styles.row}>
        <TextField
          label="Preferred date"
          type="date"
          min={tomorrow()}
          disabled={sending}
          {...form.field('preferredDate')}
        />
        <TextField
          label="Preferred time (Eastern)"
          type="time"
          min={CONSULTATION_HOURS.opens}
          max={CONSULTATION_HOURS.closes}
          step={900}
          disabled={sending}
          {...form.field('preferredTime')}
        />
      </div>
      <TextField
        label="Anything we should know? (optional)"
        multiline
        rows={4}
        disabled={sending}
        {...form.field('message')}
      />
      <FormFailure message={failure} />
      <Button type="submit" loading={sending} className={styles.submit}>
        {sending ? 'Booking…' : 'Book consultation'}
      </Button>
    </form>
  );
}
