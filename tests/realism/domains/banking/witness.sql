-- Witness rows: a small bank as a banker or an auditor would accept it, dated relative to
-- today. Every rule of rules.toml judges some of these rows and holds on all of them
-- (tests/realism/test_realism_suite.py): the rules can be met.

INSERT INTO bank.currencies (code, name, minor_units, symbol) VALUES
    ('EUR', 'Euro', 2, '€'),
    ('USD', 'US Dollar', 2, '$'),
    ('GBP', 'Pound Sterling', 2, '£'),
    ('JPY', 'Yen', 0, '¥'),
    ('KWD', 'Kuwaiti Dinar', 3, NULL);

INSERT INTO bank.countries (code, name, currency_code, calling_code) VALUES
    ('DE', 'Germany', 'EUR', '+49'),
    ('FR', 'France', 'EUR', '+33'),
    ('US', 'United States', 'USD', '+1');

INSERT INTO bank.branches (id, branch_code, name, country_code, city, street, postcode, phone, opened_on) VALUES
    (1, 'BER-001', 'Berlin Mitte', 'DE', 'Berlin', 'Friedrichstrasse 100', '10117', '+49 30 2345678', current_date - 9000),
    (2, 'PAR-001', 'Paris Opéra', 'FR', 'Paris', '8 boulevard Haussmann', '75009', '+33 1 42 00 00 00', current_date - 7000);

-- 40 customers, one of them deceased (2.5 %).
INSERT INTO bank.customers (id, customer_number, first_name, last_name, date_of_birth, email, residence_country, nationality, city, postcode, home_branch_id, segment, kyc_status, created_at, deceased_on)
OVERRIDING SYSTEM VALUE
SELECT i, 'C' || lpad(i::text, 9, '0'), 'Customer', 'Number ' || i,
       current_date - make_interval(years => 30 + i), 'customer' || i || '@example.com',
       'DE', 'DE', 'Berlin', '10115', 1, 'retail', 'verified', now() - interval '5 years',
       CASE WHEN i = 40 THEN current_date - 100 END
FROM generate_series(1, 40) AS i;

INSERT INTO bank.kyc_documents (customer_id, doc_type, document_number, issuing_country, issued_on, expires_on, verified_at) VALUES
    (1, 'passport', 'C01X00T47', 'DE', current_date - 2000, current_date + 1650, now() - interval '5 years');

INSERT INTO bank.accounts (id, customer_id, branch_id, iban, product, currency, status, opened_on, closed_on) OVERRIDING SYSTEM VALUE VALUES
    (1, 1, 1, 'DE89370400440532013000', 'current', 'EUR', 'active', current_date - 1500, NULL),
    (2, 2, 2, 'FR1420041010050500013M02606', 'current', 'EUR', 'active', current_date - 1200, NULL),
    (3, 3, 1, 'DE09100100101234567890', 'savings', 'EUR', 'closed', current_date - 1000, current_date - 30),
    (4, 4, 1, 'DE14100100109876543210', 'current', 'EUR', 'dormant', current_date - 1700, NULL);

INSERT INTO bank.beneficiaries (id, customer_id, name, iban, country_code) OVERRIDING SYSTEM VALUE VALUES
    (1, 1, 'Hausverwaltung Schmidt', 'DE44500105175407324931', 'DE');

INSERT INTO bank.cards (id, account_id, network, pan_last4, cardholder_name, issued_on, expires_on, status) OVERRIDING SYSTEM VALUE VALUES
    (1, 1, 'visa', '4242', 'CUSTOMER NUMBER 1', current_date - 400, (date_trunc('month', current_date + 730) - interval '1 day')::date, 'active');

INSERT INTO bank.merchant_categories (mcc, description) VALUES
    ('5411', 'Grocery Stores, Supermarkets'),
    ('5812', 'Eating Places, Restaurants');

INSERT INTO bank.merchants (id, name, mcc, country_code, city) OVERRIDING SYSTEM VALUE VALUES
    (1, 'Markthalle Neun', '5411', 'DE', 'Berlin'),
    (2, 'Café Einstein', '5812', 'DE', 'Berlin');

-- 40 transactions over a week old (39 settled, 1 declined) and 2 still authorised.
INSERT INTO bank.card_transactions (id, card_id, merchant_id, authorised_at, amount, currency, billing_amount, status, settled_at, auth_code)
OVERRIDING SYSTEM VALUE
SELECT i, 1, 1 + i % 2, now() - make_interval(days => 8 + i), 12.50 + i, 'EUR', 12.50 + i,
       CASE WHEN i = 5 THEN 'declined' ELSE 'settled' END::bank.card_txn_status,
       CASE WHEN i = 5 THEN NULL ELSE now() - make_interval(days => 7 + i) END,
       CASE WHEN i = 5 THEN NULL ELSE 'A' || lpad(i::text, 5, '0') END
FROM generate_series(1, 40) AS i;

INSERT INTO bank.card_transactions (id, card_id, merchant_id, authorised_at, amount, currency, billing_amount, status, auth_code) OVERRIDING SYSTEM VALUE VALUES
    (41, 1, 2, now() - interval '1 day', 23.80, 'EUR', 23.80, 'authorised', 'B00041'),
    (42, 1, 1, now() - interval '3 hours', 54.10, 'EUR', 54.10, 'authorised', 'B00042');

INSERT INTO bank.transfers (id, from_account_id, to_account_id, beneficiary_id, amount, currency, requested_at, executed_at, status, reference) OVERRIDING SYSTEM VALUE VALUES
    (1, 1, 2, NULL, 100.00, 'EUR', now() - interval '10 days', now() - interval '10 days' + interval '2 minutes', 'executed', 'Dinner'),
    (2, 1, NULL, 1, 850.00, 'EUR', now() - interval '2 days', NULL, 'pending', 'Rent');

INSERT INTO bank.ledger_entries (account_id, booked_at, value_date, entry_type, amount, balance_after, transfer_id, card_transaction_id, description) VALUES
    (1, now() - interval '60 days', current_date - 60, 'cash_deposit', 1000.00, 1000.00, NULL, NULL, 'Deposit'),
    (1, now() - interval '47 days', current_date - 47, 'card_payment', -13.50, 986.50, NULL, 1, 'Markthalle Neun'),
    (1, now() - interval '10 days', current_date - 10, 'transfer_out', -100.00, 886.50, 1, NULL, 'Dinner'),
    (1, now() - interval '1 day', current_date - 1, 'interest', 1.25, 887.75, NULL, NULL, 'Interest'),
    (2, now() - interval '10 days', current_date - 10, 'transfer_in', 100.00, 100.00, 1, NULL, 'Dinner');

INSERT INTO bank.statements (account_id, period_start, period_end, opening_balance, total_credits, total_debits, closing_balance, issued_at) VALUES
    (1, current_date - 90, current_date - 61, 0.00, 0.00, 0.00, 0.00, now() - interval '60 days'),
    (1, current_date - 60, current_date - 31, 0.00, 1000.00, 13.50, 986.50, now() - interval '30 days'),
    (1, current_date - 30, current_date - 1, 986.50, 1.25, 100.00, 887.75, now());

INSERT INTO bank.exchange_rates (base_currency, quote_currency, rate_date, rate) VALUES
    ('EUR', 'USD', current_date - 2, 1.0850),
    ('EUR', 'USD', current_date - 1, 1.0872),
    ('USD', 'EUR', current_date - 1, 0.9198),
    ('USD', 'JPY', current_date - 1, 151.20),
    ('EUR', 'GBP', current_date - 1, 0.8561);

INSERT INTO bank.loans (id, customer_id, account_id, product, principal, currency, annual_rate_pct, term_months, applied_at, start_date, status) OVERRIDING SYSTEM VALUE VALUES
    (1, 1, 1, 'personal', 10000.00, 'EUR', 6.500, 24, now() - interval '400 days', current_date - 390, 'active'),
    (2, 2, 2, 'auto', 18000.00, 'EUR', 4.900, 60, now() - interval '3 days', NULL, 'application');

INSERT INTO bank.loan_instalments (loan_id, instalment_no, due_on, principal_part, interest_part, amount_due, paid_on)
SELECT 1, n, due, 391.50, 54.17, 445.67, CASE WHEN due <= current_date THEN due END
FROM generate_series(1, 24) AS n,
     LATERAL (SELECT (current_date - 390 + make_interval(months => n))::date AS due) d;
