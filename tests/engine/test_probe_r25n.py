import psycopg
from tests.engine.test_realism_stage_clock import loaded, NOW  # noqa

def test_probe(loaded):
    with psycopg.connect(loaded) as c:
        q = ("SELECT b.state, b.created_at, b.booked_from, b.booked_until, h.opened_on, d.installed_at, d.removed_at, g.created_at FROM bookings b join hubs h on h.id=b.hub_id join desks d on d.id=b.desk_id join guests g on g.id=b.guest_id WHERE state <> 'declined' and not (CASE WHEN state IN ('requested', 'approved')"
        " THEN booked_until >= :now - interval '1 day' ELSE booked_from <= :now END"
        " AND booked_from >= b.created_at AND b.created_at <= :now)").replace(":now", f"'{NOW}'::timestamptz")
        for r in c.execute(q).fetchall(): print(r)
