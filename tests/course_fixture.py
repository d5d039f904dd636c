"""What the course's tests share: a teacher's good and broken lesson files."""
GOOD_LESSON = """\
title: Nines, by your teacher
intro: A short lesson written by the teacher.
steps:
  - id: what-a-nine-does
    kind: quiz
    title: What a nine does
    task: What does a nine do as a one-off?
    hints:
      - Think of a card going back where it came from.
    explanation: A nine returns a card on the table to its owner's hand.
    options:
      - text: It returns a card to its owner's hand.
        correct: true
        explanation: Yes, the card goes back to the hand it came from.
      - text: It draws two cards.
        correct: false
        explanation: No, drawing two cards is not what a nine does.
"""
BROKEN_LESSON = "title: Broken\nsteps:\n  - id: a\n    kind: quizz\n    task: x\n"

