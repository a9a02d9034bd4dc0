"""What every ruling is made of: the sides of an attack, the steps of an
explanation, and the ruling itself, read alike by procedures, services,
reports and the journal."""
