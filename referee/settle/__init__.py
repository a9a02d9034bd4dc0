"""The door's services for one attack: a ruling on typed or drawn dice, its
exact odds, hit checks and their chart, and the general roller."""
