import { date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/** Messages sent through the contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** As typed (trimmed): replies go to this address. */
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in account that sent it, if any. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const CONSULTATION_STATUSES = ['requested', 'confirmed', 'completed', 'cancelled'] as const;

/** Consultation requests from the consultancy page; the shop confirms the time by e-mail. */
export const consultationBookings = pgTable(
  'consultation_bookings',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    goal: text('goal').notNull(),
    experienceLevel: text('experience_level').notNull(),
    /** The requested day in the shop's time zone (America/Toronto). */
    preferredDate: date('preferred_date', { mode: 'string' }).notNull(),
    /** HH:MM on the 24-hour clock, shop time. */
    preferredTime: text('preferred_time').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: CONSULTATION_STATUSES }).notNull().default('requested'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consultation_bookings_date_idx').on(t.preferredDate),
    index('consultation_bookings_created_idx').on(t.createdAt),
  ],
);
