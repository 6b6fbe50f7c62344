module wirelab.local/arenaoracle

go 1.26
