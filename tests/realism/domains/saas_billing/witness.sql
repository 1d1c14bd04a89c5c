BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
 ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, dial_prefix) VALUES
 ('DE', 'Germany', 'EUR', '+49'), ('GB', 'United Kingdom', 'GBP', '+44'),
 ('FR', 'France', 'EUR', '+33'), ('IE', 'Ireland', 'EUR', '+353'),
 ('US', 'United States', 'USD', '+1');

INSERT INTO public.plans (id, code, name, tier, max_seats, is_public, created_at) VALUES
 (1, 'free', 'Free', 'free', 3, true, now() - interval '900 days'),
 (2, 'team', 'Team', 'starter', 25, true, now() - interval '900 days'),
 (3, 'business', 'Business', 'business', 250, true, now() - interval '900 days'),
 (4, 'enterprise', 'Enterprise', 'enterprise', NULL, false, now() - interval '700 days');

INSERT INTO public.plan_prices (id, plan_id, currency_code, unit_price, billing_interval, valid_from, valid_to) VALUES
 (1, 2, 'EUR', 12.00, 'month', current_date - 400, current_date - 200),
 (2, 2, 'EUR', 15.00, 'month', current_date - 200, NULL),
 (3, 3, 'GBP', 29.00, 'month', current_date - 500, NULL),
 (4, 3, 'USD', 35.00, 'month', current_date - 500, NULL);

INSERT INTO public.organisations (id, name, slug, country_code, vat_number, billing_email, phone, address_line1, city, postcode, status, created_at) VALUES
 (1, 'Brandt Logistik GmbH', 'brandt-logistik', 'DE', 'DE811907980', 'rechnung@brandt-logistik.de', '+49 30 2061 4470', 'Friedrichstraße 68', 'Berlin', '10117', 'active', now() - interval '320 days'),
 (2, 'Harrow & Pike Ltd', 'harrow-pike', 'GB', 'GB293847561', 'accounts@harrowpike.co.uk', '+44 20 7946 0321', '14 Clerkenwell Road', 'London', 'EC1M 5RF', 'active', now() - interval '410 days'),
 (3, 'Atelier Lumen SAS', 'atelier-lumen', 'FR', 'FR40303265045', 'compta@atelierlumen.fr', '+33 1 42 68 53 10', '12 rue de la Boétie', 'Paris', '75008', 'active', now() - interval '150 days'),
 (4, 'Cedar Analytics Inc.', 'cedar-analytics', 'US', NULL, 'ap@cedaranalytics.com', '+1 415 555 0132', '201 Mission St', 'San Francisco', '94105', 'active', now() - interval '260 days');

INSERT INTO public.users (id, organisation_id, email, full_name, role, created_at, last_login_at) VALUES
 (1, 1, 'j.brandt@brandt-logistik.de', 'Jonas Brandt', 'owner', now() - interval '320 days', now() - interval '1 day'),
 (2, 1, 'l.vogel@brandt-logistik.de', 'Lea Vogel', 'member', now() - interval '300 days', now() - interval '3 hours'),
 (3, 2, 'sam.okafor@harrowpike.co.uk', 'Sam Okafor', 'admin', now() - interval '410 days', now() - interval '2 days'),
 (4, 3, 'claire.morel@atelierlumen.fr', 'Claire Morel', 'owner', now() - interval '150 days', now() - interval '5 hours'),
 (5, 4, 'dana.whitfield@cedaranalytics.com', 'Dana Whitfield', 'billing', now() - interval '260 days', now() - interval '6 days');

INSERT INTO public.subscriptions (id, organisation_id, plan_id, status, seats, started_at, current_period_end, cancelled_at) VALUES
 (1, 1, 2, 'active', 5, now() - interval '318 days', now() + interval '12 days', NULL),
 (2, 2, 3, 'active', 3, now() - interval '405 days', now() + interval '20 days', NULL),
 (3, 3, 2, 'active', 2, now() - interval '148 days', now() + interval '8 days', NULL),
 (4, 4, 3, 'past_due', 2, now() - interval '255 days', now() - interval '5 days', NULL);

INSERT INTO public.seat_assignments (id, subscription_id, user_id, assigned_at, released_at) VALUES
 (1, 1, 1, now() - interval '318 days', NULL),
 (2, 1, 2, now() - interval '300 days', NULL),
 (3, 2, 3, now() - interval '405 days', NULL),
 (4, 3, 4, now() - interval '148 days', NULL),
 (5, 4, 5, now() - interval '255 days', NULL);

INSERT INTO public.usage_meters (id, subscription_id, metric, unit, created_at) VALUES
 (1, 1, 'api_calls', 'call', now() - interval '318 days'),
 (2, 2, 'storage_gb_hours', 'GB-hour', now() - interval '405 days');

INSERT INTO public.meter_readings (id, meter_id, read_at, cumulative_value) VALUES
 (1, 1, now() - interval '3 days', 1840211),
 (2, 1, now() - interval '2 days', 1853977),
 (3, 1, now() - interval '1 day', 1866050),
 (4, 2, now() - interval '2 days', 402118),
 (5, 2, now() - interval '1 day', 403030);

INSERT INTO public.invoices (id, invoice_number, organisation_id, subscription_id, currency_code, period_start, period_end, issued_at, due_at, paid_at, status, subtotal, tax_amount, total) VALUES
 (1, 'INV-2026-000412', 1, 1, 'EUR', current_date - 60, current_date - 30, now() - interval '60 days', now() - interval '46 days', now() - interval '52 days', 'paid', 75.00, 14.25, 89.25),
 (2, 'INV-2026-000587', 1, 1, 'EUR', current_date - 30, current_date, now() - interval '2 days', now() + interval '12 days', NULL, 'open', 75.00, 14.25, 89.25),
 (3, 'INV-2026-000498', 2, 2, 'GBP', current_date - 40, current_date - 10, now() - interval '40 days', now() - interval '10 days', NULL, 'overdue', 99.00, 19.80, 118.80),
 (4, 'INV-2026-000505', 4, 4, 'USD', current_date - 35, current_date - 5, now() - interval '35 days', now() - interval '5 days', NULL, 'overdue', 70.00, 0.00, 70.00),
 (5, 'INV-2026-000533', 3, 3, 'EUR', current_date - 33, current_date - 3, now() - interval '33 days', now() - interval '19 days', now() - interval '30 days', 'paid', 30.00, 6.00, 36.00),
 (6, 'INV-2026-000377', 2, 2, 'GBP', current_date - 70, current_date - 40, now() - interval '70 days', now() - interval '40 days', now() - interval '65 days', 'paid', 87.00, 17.40, 104.40);

INSERT INTO public.invoice_lines (id, invoice_id, line_no, plan_price_id, description, quantity, unit_price, amount) VALUES
 (1, 1, 1, 2, 'Team plan, 5 seats', 5, 15.00, 75.00),
 (2, 2, 1, 2, 'Team plan, 5 seats', 5, 15.00, 75.00),
 (3, 3, 1, 3, 'Business plan, 3 seats', 3, 29.00, 87.00),
 (4, 3, 2, NULL, 'API calls over allowance', 12000, 0.0010, 12.00),
 (5, 4, 1, 4, 'Business plan, 2 seats', 2, 35.00, 70.00),
 (6, 5, 1, 2, 'Team plan, 2 seats', 2, 15.00, 30.00),
 (7, 6, 1, 3, 'Business plan, 3 seats', 3, 29.00, 87.00);

INSERT INTO public.payments (id, invoice_id, amount, method, outcome, attempted_at) VALUES
 (1, 1, 89.25, 'sepa_debit', 'succeeded', now() - interval '52 days'),
 (2, 5, 36.00, 'card', 'succeeded', now() - interval '30 days'),
 (3, 6, 104.40, 'bank_transfer', 'succeeded', now() - interval '65 days');

INSERT INTO public.support_agents (id, full_name, email, country_code, date_of_birth, hired_on, left_on) VALUES
 (1, 'Aoife Brennan', 'aoife.brennan@vendor.io', 'IE', current_date - interval '31 years 4 months', current_date - 1100, NULL),
 (2, 'Marcus Feld', 'marcus.feld@vendor.io', 'DE', current_date - interval '42 years 2 months', current_date - 800, NULL);

INSERT INTO public.support_tickets (id, organisation_id, opened_by_user_id, assigned_agent_id, subject, priority, status, opened_at, first_response_at, resolved_at) VALUES
 (1, 1, 2, 1, 'SSO login loop after IdP change', 'normal', 'resolved', now() - interval '20 days', now() - interval '20 days' + interval '2 hours', now() - interval '18 days'),
 (2, 2, 3, 2, 'Webhook deliveries delayed', 'high', 'open', now() - interval '2 days', now() - interval '2 days' + interval '1 hour', NULL),
 (3, 3, 4, NULL, 'How to export invoices as CSV', 'low', 'new', now() - interval '3 hours', NULL, NULL),
 (4, 4, 5, 1, 'Card declined on renewal', 'normal', 'closed', now() - interval '40 days', now() - interval '40 days' + interval '30 minutes', now() - interval '38 days');

INSERT INTO public.ticket_messages (id, ticket_id, seq_no, author_kind, body, sent_at) VALUES
 (1, 1, 1, 'customer', 'Users are redirected back to the login page after the Okta change.', now() - interval '20 days'),
 (2, 1, 2, 'agent', 'Please check the ACS URL in your IdP settings.', now() - interval '20 days' + interval '2 hours'),
 (3, 1, 3, 'customer', 'That fixed it, thanks.', now() - interval '18 days'),
 (4, 2, 1, 'customer', 'Webhooks arrive 10 to 15 minutes late since yesterday.', now() - interval '2 days'),
 (5, 2, 2, 'agent', 'We are investigating with the platform team.', now() - interval '2 days' + interval '1 hour'),
 (6, 3, 1, 'customer', 'Is there a way to export all invoices as CSV?', now() - interval '3 hours'),
 (7, 4, 1, 'customer', 'Our card was declined on renewal.', now() - interval '40 days'),
 (8, 4, 2, 'agent', 'Your bank flagged the charge; please retry after approving it.', now() - interval '40 days' + interval '30 minutes');

INSERT INTO public.onboarding_calls (id, organisation_id, agent_id, scheduled_local, duration_minutes, status) VALUES
 (1, 3, 1, date_trunc('week', localtimestamp) - interval '7 days' + interval '1 day 10 hours', 60, 'held'),
 (2, 4, 2, date_trunc('week', localtimestamp) + interval '7 days' + interval '3 days 14 hours 30 minutes', 45, 'scheduled');

INSERT INTO public.incidents (id, title, severity, status, started_at, resolved_at) VALUES
 (1, 'Elevated API error rates in eu-west', 'sev3', 'resolved', now() - interval '10 days', now() - interval '10 days' + interval '95 minutes'),
 (2, 'Webhook delivery delays', 'sev2', 'monitoring', now() - interval '1 hour', NULL);

INSERT INTO public.incident_organisations (incident_id, organisation_id, notified_at) VALUES
 (1, 1, now() - interval '10 days' + interval '10 minutes'),
 (1, 2, now() - interval '10 days' + interval '10 minutes'),
 (2, 2, now() - interval '50 minutes');

COMMIT;
