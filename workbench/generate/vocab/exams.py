"""A person sitting an exam fails it often: a practical driving test, a theory test, a
certification exam, a school's examination fail some 30-60 % of their sittings (the UK's
practical driving test passes under half of its candidates), where an inspection of a thing
(a vehicle, a lift, a fire door: vocab/severity.JUDGED_FAILED) fails as a small minority. What
is judged decides the share: a table whose name says it holds exams (`exams`,
`practical_exams`, `final_examinations`), or tests sat by people (`driving_tests`,
`theory_tests` under a key to learners, students, candidates: a table of people, or one with
a date of birth), with a verdict of a pass word beside a fail word (vocab/severity.JUDGED),
fails EXAM_FAILED of its judged sittings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise

if TYPE_CHECKING:
    from workbench.schema.model import Schema, Table

EXAM_WORDS = frozenset({"exam", "exams", "examination", "examinations"})
TEST_WORDS = frozenset({"test", "tests", "testing"})
# words of a test only a person sits (a driving test), whoever it references
SAT_BY_PEOPLE = frozenset({"driving", "theory", "practical", "oral", "written", "entrance",
                           "licence", "license", "skills", "road"})  # fmt: skip
PEOPLE = frozenset({"learner", "learners", "student", "students", "pupil", "pupils",
                    "candidate", "candidates", "trainee", "trainees", "apprentice",
                    "apprentices", "examinee", "examinees", "cadet", "cadets"})  # fmt: skip
BIRTH = frozenset({"birth_date", "date_of_birth", "dob", "birthdate", "born_on"})
EXAM_FAILED = 0.4
FAIL_WORDS = frozenset({"fail", "failed", "failure", "unsuccessful", "not_passed", "no_pass"})


def _people(table: Table) -> bool:
    words = set(normalise(table.name).split("_"))
    return bool(words & PEOPLE) or any(normalise(c.name) in BIRTH for c in table.columns)


def sat_exam(schema: Schema, table: Table) -> bool:
    """Whether the table's rows are sittings of an exam by a person."""
    words = set(normalise(table.name).split("_"))
    if words & EXAM_WORDS:
        return True
    if not words & TEST_WORDS:
        return False
    if words & SAT_BY_PEOPLE:
        return True
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        if parent is not None and parent is not table and _people(parent):
            return True
    return False


def failed_exam(label: str) -> bool:
    """A verdict label saying the sitting failed (`fail`, `failed`, `not_passed`)."""
    return normalise(label) in FAIL_WORDS
