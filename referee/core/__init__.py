"""What everything stands on, importing nothing else of the referee: the one
error a user's mistake raises, the frozen record classes, the message
catalogue reader, digests without hashlib, and where a user's files live."""
