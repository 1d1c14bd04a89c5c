"""A schema written in abbreviations reads as the same schema written out, on a schema of our
own (a regional water utility: ctry, rgn, cust, prem, mtr and mtr_rdg, inv and inv_line, pmt,
wo and wo_line, veh and veh_trp, svc_visit, insp…), checked in SQL on what a real PostgreSQL
holds with the run's clock pinned. Names become words through names.normalise, which writes
out shortened words (vocab/data/abbreviations.tsv, base/abbreviations.py) where their place
settles what they stand for, so every reading keyed on whole words sees `line_amt` as
`line_amount` and `tel_no` as `telephone_number`:

- money over lines: an invoice line's `line_amt` is `qty` × `unit_prc`, the invoice's
  `net_amt` sums its lines and `inv_total` is `net_amt` + `tax_amt`; a work order line's
  `line_amt` is `qty` × `unit_cost`;
- counters: a meter's `rdg_val` grows with `rdg_at`; a vehicle's trips run its odometer on
  (`start_odo` of a trip at least the `end_odo` of the one before);
- statuses: a paid invoice (`sts`) has `pd_at`, a removed meter (`mtr_sts`) `rmvd_dt`, a
  completed visit (`visit_sts`) `cmpl_at`, by now, and an unpaid invoice, a meter in place or
  a visit booked or cancelled has none;
- places by country: a customer's and an employee's `tel_no` dial their `ctry_code`, a
  country's `cur_code` is its currency, a customer's `post_cd` has its country's shape;
- hours: a service visit (`svc_visit.sched_at`) is booked on a weekday, 08:00-17:00 local
  time (of the nearest place rules/opening reads: the country of the employee sent).

Each failed on main before the abbreviations were read (0-79 %)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE ctry (ctry_code char(2) PRIMARY KEY, ctry_nm text NOT NULL, cur_code char(3) NOT NULL);
CREATE TABLE rgn (rgn_id serial PRIMARY KEY, rgn_nm text NOT NULL,
  ctry_code char(2) NOT NULL REFERENCES ctry(ctry_code));
CREATE TABLE dept (dept_id serial PRIMARY KEY, dept_nm text NOT NULL);
CREATE TABLE emp (emp_no int PRIMARY KEY, first_nm text NOT NULL, last_nm text NOT NULL,
  dept_id int REFERENCES dept(dept_id), hire_dt date NOT NULL, tel_no varchar(20),
  email_addr text, ctry_code char(2) NOT NULL REFERENCES ctry(ctry_code));
CREATE TABLE cust (cust_id serial PRIMARY KEY, cust_no varchar(12) NOT NULL UNIQUE,
  first_nm text NOT NULL, last_nm text NOT NULL, email_addr text, tel_no varchar(20),
  addr_line1 text NOT NULL, city_nm text NOT NULL, post_cd varchar(10) NOT NULL,
  ctry_code char(2) NOT NULL REFERENCES ctry(ctry_code),
  crtd_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE prem (prem_id serial PRIMARY KEY, cust_id int NOT NULL REFERENCES cust(cust_id),
  addr_line1 text NOT NULL, city_nm text NOT NULL, post_cd varchar(10),
  rgn_id int NOT NULL REFERENCES rgn(rgn_id), conn_dt date NOT NULL);
CREATE TABLE mtr (mtr_id serial PRIMARY KEY, prem_id int NOT NULL REFERENCES prem(prem_id),
  serial_no varchar(20) NOT NULL UNIQUE, instl_dt date NOT NULL,
  mtr_sts varchar(10) NOT NULL CHECK (mtr_sts IN ('active', 'faulty', 'removed')), rmvd_dt date);
CREATE TABLE mtr_rdg (rdg_id bigserial PRIMARY KEY, mtr_id int NOT NULL REFERENCES mtr(mtr_id),
  rdg_at timestamptz NOT NULL, rdg_val numeric(12,3) NOT NULL,
  rdg_typ varchar(10) NOT NULL CHECK (rdg_typ IN ('actual', 'estimated')));
CREATE TABLE trf (trf_id serial PRIMARY KEY, trf_nm text NOT NULL, unit_prc numeric(8,4) NOT NULL,
  eff_dt date NOT NULL);
CREATE TABLE inv (inv_id serial PRIMARY KEY, inv_no varchar(16) NOT NULL UNIQUE,
  cust_id int NOT NULL REFERENCES cust(cust_id), trf_id int REFERENCES trf(trf_id),
  inv_dt date NOT NULL, due_dt date NOT NULL,
  net_amt numeric(12,2) NOT NULL, tax_amt numeric(12,2) NOT NULL, inv_total numeric(12,2) NOT NULL,
  sts varchar(10) NOT NULL CHECK (sts IN ('draft', 'issued', 'paid', 'overdue', 'void')),
  pd_at timestamptz);
CREATE TABLE inv_line (inv_id int NOT NULL REFERENCES inv(inv_id), line_no smallint NOT NULL,
  descr text NOT NULL, qty numeric(10,3) NOT NULL CHECK (qty > 0), unit_prc numeric(10,4) NOT NULL,
  line_amt numeric(12,2) NOT NULL, PRIMARY KEY (inv_id, line_no));
CREATE TABLE pmt (pmt_id serial PRIMARY KEY, inv_id int NOT NULL REFERENCES inv(inv_id),
  pmt_dt date NOT NULL, txn_amt numeric(12,2) NOT NULL,
  pmt_mthd varchar(16) NOT NULL
    CHECK (pmt_mthd IN ('card', 'direct_debit', 'bank_transfer', 'cash')),
  txn_ref varchar(20));
CREATE TABLE part (part_id serial PRIMARY KEY, part_desc text NOT NULL,
  unit_cost numeric(10,2) NOT NULL, wt_kg numeric(8,2));
CREATE TABLE wo (wo_id serial PRIMARY KEY, wo_no varchar(12) NOT NULL UNIQUE,
  prem_id int NOT NULL REFERENCES prem(prem_id), emp_no int REFERENCES emp(emp_no),
  wo_sts varchar(12) NOT NULL CHECK (wo_sts IN ('open', 'in_progress', 'done', 'cancelled')),
  sched_start timestamptz NOT NULL, sched_end timestamptz NOT NULL,
  act_start timestamptz, act_end timestamptz, CHECK (sched_end > sched_start));
CREATE TABLE wo_line (wo_id int NOT NULL REFERENCES wo(wo_id), seq_no smallint NOT NULL,
  part_id int NOT NULL REFERENCES part(part_id), qty int NOT NULL CHECK (qty > 0),
  unit_cost numeric(10,2) NOT NULL, line_amt numeric(12,2) NOT NULL,
  PRIMARY KEY (wo_id, seq_no));
CREATE TABLE veh (veh_id serial PRIMARY KEY, veh_reg varchar(10) NOT NULL UNIQUE,
  yr smallint NOT NULL, odo_km int NOT NULL);
CREATE TABLE veh_trp (trp_id bigserial PRIMARY KEY, veh_id int NOT NULL REFERENCES veh(veh_id),
  drv_id int NOT NULL REFERENCES emp(emp_no), dep_at timestamptz NOT NULL, arr_at timestamptz,
  start_odo int NOT NULL, end_odo int);
CREATE TABLE pmp_stn (stn_id serial PRIMARY KEY, loc_code varchar(10) NOT NULL UNIQUE,
  stn_nm text NOT NULL, rgn_id int NOT NULL REFERENCES rgn(rgn_id), comm_dt date NOT NULL);
CREATE TABLE pmp_rdg (stn_id int NOT NULL REFERENCES pmp_stn(stn_id),
  rdg_at timestamptz NOT NULL, hrs_run numeric(10,1) NOT NULL, PRIMARY KEY (stn_id, rdg_at));
CREATE TABLE svc_visit (visit_id serial PRIMARY KEY,
  prem_id int NOT NULL REFERENCES prem(prem_id), emp_no int NOT NULL REFERENCES emp(emp_no),
  sched_at timestamptz NOT NULL,
  visit_sts varchar(12) NOT NULL
    CHECK (visit_sts IN ('booked', 'completed', 'no_show', 'cancelled')),
  cmpl_at timestamptz);
CREATE TABLE insp (insp_id serial PRIMARY KEY, prem_id int NOT NULL REFERENCES prem(prem_id),
  insp_dt date NOT NULL, rslt varchar(8) NOT NULL CHECK (rslt IN ('pass', 'fail')),
  insp_by int REFERENCES emp(emp_no));
"""

# each country's calling code, currency, postcode shape and time zone (one-zone countries)
PLACES = """WITH loc(cc, calling, cur, pc, tz) AS (VALUES
  ('AT', '43', 'EUR', '^[0-9]{4}$', 'Europe/Vienna'),
  ('BE', '32', 'EUR', '^[0-9]{4}$', 'Europe/Brussels'),
  ('CH', '41', 'CHF', '^[0-9]{4}$', 'Europe/Zurich'),
  ('DE', '49', 'EUR', '^[0-9]{5}$', 'Europe/Berlin'),
  ('DK', '45', 'DKK', '^[0-9]{4}$', 'Europe/Copenhagen'),
  ('FI', '358', 'EUR', '^[0-9]{5}$', 'Europe/Helsinki'),
  ('FR', '33', 'EUR', '^[0-9]{5}$', 'Europe/Paris'),
  ('GB', '44', 'GBP', '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$', 'Europe/London'),
  ('IE', '353', 'EUR', '^[A-Z][0-9][0-9W] ?[0-9A-Z]{4}$', 'Europe/Dublin'),
  ('IT', '39', 'EUR', '^[0-9]{5}$', 'Europe/Rome'),
  ('NL', '31', 'EUR', '^[0-9]{4} ?[A-Z]{2}$', 'Europe/Amsterdam'),
  ('NO', '47', 'NOK', '^[0-9]{4}$', 'Europe/Oslo'),
  ('PL', '48', 'PLN', '^[0-9]{2}-[0-9]{3}$', 'Europe/Warsaw'),
  ('SE', '46', 'SEK', '^[0-9]{3} ?[0-9]{2}$', 'Europe/Stockholm'),
  ('JP', '81', 'JPY', '^[0-9]{3}-?[0-9]{4}$', 'Asia/Tokyo'),
  ('NZ', '64', 'NZD', '^[0-9]{4}$', 'Pacific/Auckland'))
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=7) as conninfo:
        yield conninfo


def test_money_adds_up_over_lines(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE abs(line_amt - round(qty * unit_prc, 2)) <= 0.01)
           FROM inv_line"""
    )
    assert judged > 600 and held >= 0.98, held
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE i.net_amt = l.s
             AND i.inv_total = i.net_amt + i.tax_amt)
           FROM inv i JOIN (SELECT inv_id, sum(line_amt) s FROM inv_line GROUP BY 1) l
             USING (inv_id)"""
    )
    assert judged > 500 and held >= 0.98, held
    judged, held = judge(
        "SELECT count(*), count(*) FILTER (WHERE line_amt = qty * unit_cost) FROM wo_line"
    )
    assert judged == 600 and held >= 0.98, held


def test_counters_grow(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE prev IS NULL OR rdg_val >= prev)
           FROM (SELECT rdg_val, lag(rdg_val) OVER (PARTITION BY mtr_id ORDER BY rdg_at) prev
                 FROM mtr_rdg) x"""
    )
    assert judged == 600 and held >= 0.98, held
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE prev IS NULL OR start_odo >= prev)
           FROM (SELECT start_odo, lag(end_odo) OVER (PARTITION BY veh_id ORDER BY dep_at) prev
                 FROM veh_trp) x"""
    )
    assert judged == 600 and held >= 0.98, held


def test_statuses_agree_with_their_times(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    for table, status, label, time, other in (
        ("inv", "sts", "paid", "pd_at", "draft', 'issued', 'overdue', 'void"),
        ("mtr", "mtr_sts", "removed", "rmvd_dt", "active', 'faulty"),
        ("svc_visit", "visit_sts", "completed", "cmpl_at", "booked', 'cancelled"),
    ):
        judged, held = judge(
            f"""SELECT count(*), count(*) FILTER (WHERE CASE WHEN {status} = '{label}'
                  THEN {time} <= :now ELSE {time} IS NULL END)
                FROM {table} WHERE {status} IN ('{label}', '{other}')"""
        )
        assert judged > 450 and held >= 0.98, (table, held)


def test_places_follow_the_country(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    for table in ("cust", "emp"):
        judged, held = judge(
            PLACES
            + f"""SELECT count(*), count(*) FILTER (WHERE regexp_replace(t.tel_no, '[ ().-]', '',
                    'g') ~ ('^(\\+|00)' || loc.calling || '[0-9]{{6,13}}$'))
                  FROM {table} t JOIN loc ON loc.cc = t.ctry_code WHERE t.tel_no IS NOT NULL"""
        )
        assert judged > 20 and held >= 0.98, (table, held)
    judged, held = judge(
        PLACES + "SELECT count(*), count(*) FILTER (WHERE upper(c.post_cd) ~ loc.pc)"
        " FROM cust c JOIN loc ON loc.cc = c.ctry_code"
    )
    assert judged > 20 and held >= 0.98, held
    judged, held = judge(
        PLACES + "SELECT count(*), count(*) FILTER (WHERE c.cur_code = loc.cur)"
        " FROM ctry c JOIN loc ON loc.cc = c.ctry_code"
    )
    assert judged > 5 and held == 1.0, held


def test_visits_are_booked_in_working_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        PLACES
        + """SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM t) <= 5
               AND t::time BETWEEN '08:00' AND '17:00')
             FROM (SELECT v.sched_at AT TIME ZONE loc.tz AS t FROM svc_visit v
                   JOIN emp e USING (emp_no) JOIN loc ON loc.cc = e.ctry_code) x""",
        now=NOW,
    )
    assert judged > 20 and held >= 0.98, held
